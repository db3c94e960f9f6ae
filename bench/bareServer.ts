// The yardstick: a bare Fastify route answering a 20-row JSON page of the same shape, in its own process.
import Fastify from 'fastify';

const rows = Array.from({ length: 20 }, (_, i) => ({
  id: i + 4, username: `user${i}`, nickname: `User ${i}`, cellphone: `138${String(i).padStart(8, '0')}`, status: 1,
  createdAt: new Date(0).toISOString(),
}));
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: 200, msg: 'ok', data: { list: rows, total: 100_000, page: 1, size: 20 } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
console.log(`bare on http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
