// The baseline of bench/open-api-load.mjs: a bare Fastify that answers each GET with the bytes captured from
// Coinlens for that URL — the same body (plain or pre-compressed) and the same headers — and nothing else.
// Usage: node bench/identical-get-server.mjs PORT CAPTURE_FILE
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

const [port, captureFile] = process.argv.slice(2);
/** url → encoding → { headers, body } */
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(captureFile, 'utf8'))).map(([url, byEncoding]) => [
    url,
    Object.fromEntries(
      Object.entries(byEncoding).map(([encoding, { headers, body }]) => [
        encoding,
        { headers, body: Buffer.from(body, 'base64') },
      ]),
    ),
  ]),
);

const app = Fastify({ logger: false, maxParamLength: 5000 });
app.get('/healthz', () => 'ok');
app.get('/api/v3/*', (request, reply) => {
  const byEncoding = answers.get(request.url);
  if (!byEncoding) return reply.code(404).send();
  const accepted = request.headers['accept-encoding'] ?? '';
  const answer = accepted.includes('br') ? byEncoding.br : byEncoding.identity;
  return reply.headers(answer.headers).send(answer.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
