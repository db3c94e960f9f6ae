#!/usr/bin/env node
// A developer service's client, outside the console: signs one call to the /v3 API as docs/developer-api.md says,
// with nothing but Node's own modules, and prints the answer envelope as JSON. The browser test of the developer
// services drives it; an integrator can start from it.
//
//   node scripts/dc-client.mjs --host http://localhost:8080 --key gxak_… --secret=… \
//     --path /v3/admin/business/quotation --body '{"method":"list"}' [--timestamp <unix s>] [--nonce <nonce>]
//
// Give the secret as --secret=…: it may begin with "-" (base64url), which a separate argument would read as an option.
// --timestamp and --nonce override the fresh ones (to show a stale clock or a replayed nonce being refused).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    host: { type: 'string' }, key: { type: 'string' }, secret: { type: 'string' }, path: { type: 'string' },
    body: { type: 'string', default: '{}' }, timestamp: { type: 'string' }, nonce: { type: 'string' },
  },
});
for (const name of ['host', 'key', 'secret', 'path']) {
  if (!values[name]) {
    process.stderr.write(`dc-client: --${name} is required\n`);
    process.exit(2);
  }
}

const sha256hex = (data) => createHash('sha256').update(data).digest('hex');
// Sent byte for byte as hashed.
const raw = values.body;
const timestamp = values.timestamp ?? String(Math.floor(Date.now() / 1000));
const nonce = values.nonce ?? randomBytes(16).toString('hex');
const message = ['POST', values.path, timestamp, nonce, sha256hex(raw)].join('\n');
const signature = createHmac('sha256', sha256hex(values.secret)).update(message).digest('hex');

const res = await fetch(new URL(values.path, values.host), {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-gx-app-key': values.key,
    'x-gx-timestamp': timestamp,
    'x-gx-nonce': nonce,
    'x-gx-signature': signature,
  },
  body: raw,
});
const answer = await res.json();
process.stdout.write(`${JSON.stringify({ status: res.status, nonce, ...answer })}\n`);
