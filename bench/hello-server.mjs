// The baseline: a bare Fastify hello-world, the same framework and machine as the server under test.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 3001), host: '127.0.0.1' });
