import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) on a free port that refuses every connection with 421 while it is
 * down (its start) and takes mail when up; `received` lists the X-Outbox-Id of each message taken.
 * The email jobs' tests and the console's jobs screen test deliver to it.
 */
export async function startOutageSmtp() {
  let down = true;
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) =>
      callback(
        down ? Object.assign(new Error('Service not available'), { responseCode: 421 }) : undefined,
      ),
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push(/^x-outbox-id:\s*(\S+)/im.exec(raw)?.[1] ?? '?');
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

export type OutageSmtp = Awaited<ReturnType<typeof startOutageSmtp>>;
