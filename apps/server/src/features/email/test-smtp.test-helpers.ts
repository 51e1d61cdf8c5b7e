import { SMTPServer } from 'smtp-server';

/** A message the test SMTP server took: its envelope and the raw message. */
export interface SmtpMessage {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (smtp-server) on a free port for the tests that deliver mail: it keeps every
 * message it takes (`messages`); while down it refuses every connection with 421; `refuseNext(n)`
 * answers the next n messages 451 (try again later).
 */
export async function startTestSmtp(
  options: { down?: boolean; onMessage?: (message: SmtpMessage) => void } = {},
) {
  let down = options.down ?? false;
  let refuse = 0;
  const messages: SmtpMessage[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) =>
      callback(
        down ? Object.assign(new Error('Service not available'), { responseCode: 421 }) : undefined,
      ),
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          return callback(new Error('451 try again later'));
        }
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        messages.push(message);
        options.onMessage?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setDown(value: boolean) {
      down = value;
    },
    refuseNext(count: number) {
      refuse = count;
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;

/**
 * The test SMTP server down at its start (every connection refused with 421) until `setDown(false)`;
 * `received` lists the X-Outbox-Id of each message taken. The email jobs' tests and the console's jobs
 * screen test deliver to it.
 */
export async function startOutageSmtp() {
  const received: string[] = [];
  const smtp = await startTestSmtp({
    down: true,
    onMessage: ({ raw }) => received.push(/^x-outbox-id:\s*(\S+)/im.exec(raw)?.[1] ?? '?'),
  });
  return { url: smtp.url, received, setDown: smtp.setDown, close: smtp.close };
}

export type OutageSmtp = Awaited<ReturnType<typeof startOutageSmtp>>;
