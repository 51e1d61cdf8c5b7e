// The framework reference: a plain Fastify route per path answering the same bytes and headers as the
// shop, with no logger, hooks or plugins. Reads {port, responses} as JSON from argv[2], like
// baseline-server.mjs. The gap between it and the bare node:http baseline is Fastify's own cost.
import Fastify from 'fastify';

const { port, responses } = JSON.parse(process.argv[2]);
const app = Fastify({ logger: false });
for (const [path, r] of Object.entries(responses)) {
  const headers = Object.fromEntries(
    Object.entries(r.headers).filter(([k]) => k !== 'content-length'),
  );
  const body = Buffer.from(r.body, 'base64');
  app.get(path, (_request, reply) => {
    reply.code(r.status).headers(headers).send(body);
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
