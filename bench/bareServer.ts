import Fastify from 'fastify';

// A bare fastify route answering a fixed JSON body: the ceiling our own routes are measured against.
// It runs in its own process, like the real server, so that neither shares the load generator's event loop.
const body = JSON.parse(process.env.BARE_BODY ?? '{}');
const app = Fastify();
app.get('/bare/', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.BARE_PORT) });
process.send?.('ready');
