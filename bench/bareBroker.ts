// Child process of the devices bench: the same aedes broker the server embeds, with no server logic at all. It
// accepts any client and counts heartbeats, telling the parent when it has received the number it was told to expect.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Aedes } from 'aedes';

const broker = await Aedes.createBroker();
const server = createServer(broker.handle);
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
let count = 0;
let expect = Infinity;
let rid = 0;
broker.on('publish', (packet, client) => {
  if (!client || !packet.topic.endsWith('/up/hb')) return;
  count++;
  if (count >= expect) {
    expect = Infinity;
    process.send?.({ rid, at: Date.now(), count });
  }
});
process.on('message', (msg: { rid: number; expect: number }) => {
  rid = msg.rid;
  count = 0;
  expect = msg.expect;
});
process.send?.({ rid: -1, at: Date.now(), port: (server.address() as AddressInfo).port });
process.on('disconnect', () => process.exit(0));
