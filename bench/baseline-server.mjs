// The baseline: a bare node:http server answering each path with fixed bytes and headers.
// Reads {port, responses: {path: {status, headers, body}}} as JSON from argv[2], each body in base64
// (the bytes as the shop sent them, compressed or not).
import { createServer } from 'node:http';

const { port, responses } = JSON.parse(process.argv[2]);
const prepared = Object.fromEntries(
  Object.entries(responses).map(([p, r]) => [p, { ...r, body: Buffer.from(r.body, 'base64') }]),
);
createServer((req, res) => {
  const r = prepared[req.url];
  if (!r) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
