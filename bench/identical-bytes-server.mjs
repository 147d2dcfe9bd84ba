// The baseline of the list benchmarks: a bare Fastify that answers every signed gateway call with the bytes
// captured from Coinlens — the same body (plain or pre-compressed) and the same headers — so it does the same
// HTTP work at the limit and nothing else.
// Usage: node bench/identical-bytes-server.mjs PORT CAPTURE_FILE (written by captureAnswers in support.mjs).
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

const [port, captureFile] = process.argv.slice(2);
/** procedure → encoding → { headers, body } */
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(captureFile, 'utf8'))).map(([procedure, byEncoding]) => [
    procedure,
    Object.fromEntries(
      Object.entries(byEncoding).map(([encoding, { headers, body }]) => [
        encoding,
        { headers, body: Buffer.from(body, 'base64') },
      ]),
    ),
  ]),
);

const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, body),
);
app.get('/healthz', () => 'ok');
app.post('/gwapi/v1/appmarket_msrv/:procedure', (request, reply) => {
  const byEncoding = answers.get(request.params.procedure);
  if (!byEncoding) return reply.code(404).send();
  const accepted = request.headers['accept-encoding'] ?? '';
  const answer = accepted.includes('br') ? byEncoding.br : byEncoding.identity;
  return reply.headers(answer.headers).send(answer.body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
