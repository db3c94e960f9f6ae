// The yardsticks, in their own process:
// - `/bare`: a bare Fastify route answering a 20-row JSON page of the same shape from memory;
// - `/bare-db` (with DATABASE_URL): the same route making the list's one database round trip and nothing else — a
//   prepared statement for page 1 × 20 of `users` on a pool as large as the server's, the total remembered like the
//   server's count cache. No session, no permission check, no query building: no list that reads its page from the
//   database can answer faster on this machine, so its ratio to `/bare` bounds what the product's list can reach.
import Fastify from 'fastify';
import pg from 'pg';

const rows = Array.from({ length: 20 }, (_, i) => ({
  id: i + 4, username: `user${i}`, nickname: `User ${i}`, cellphone: `138${String(i).padStart(8, '0')}`, status: 1,
  createdAt: new Date(0).toISOString(),
}));
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ code: 200, msg: 'ok', data: { list: rows, total: 100_000, page: 1, size: 20 } }));

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const page = {
    name: 'bare_users_page',
    text: 'select id, username, nickname, cellphone, status, created_at as "createdAt" from users order by id desc limit $1 offset $2',
  };
  let total: { n: Promise<number>; at: number } | undefined;
  app.post('/bare-db', async () => {
    const now = Date.now();
    // One count at a time, shared by the callers waiting for it (as the server's count cache does).
    if (!total || now - total.at > 10_000) {
      total = { at: now, n: pool.query<{ n: number }>({ name: 'bare_users_count', text: 'select count(*)::int as n from users' }).then((r) => r.rows[0]?.n ?? 0) };
    }
    const r = await pool.query({ ...page, values: [20, 0] });
    return { code: 200, msg: 'ok', data: { list: r.rows, total: await total.n, page: 1, size: 20 } };
  });
  process.on('SIGTERM', () => void pool.end());
}

await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
console.log(`bare on http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
