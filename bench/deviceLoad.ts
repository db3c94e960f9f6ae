// Child process of the devices bench: plays simulated fleets on the parent's orders (IPC), so the load generator
// never shares an event loop with the measurements. Replies carry the request's `rid` and this process's clock.
import { type DeviceIdentity, Fleet, type SimOptions } from '@gx/device-sim';

export type LoadRequest =
  | { op: 'fleet'; name: string; identities: DeviceIdentity[]; options: Partial<SimOptions> }
  | { op: 'burst'; name: string; count: number; marker: number }
  | { op: 'beat'; name: string; index: number; marker: number }
  | { op: 'retime'; name: string; heartbeatS: number }
  | { op: 'stop'; name: string };

export type LoadReply = { rid: number; at: number; connectMs?: number; connects?: number; sent?: number; refused?: number };

const fleets = new Map<string, Fleet>();

function fleetOf(name: string): Fleet {
  const f = fleets.get(name);
  if (!f) throw new Error(`no fleet ${name}`);
  return f;
}

async function handle(req: LoadRequest): Promise<Omit<LoadReply, 'rid'>> {
  switch (req.op) {
    case 'fleet': {
      const started = Date.now();
      const f = new Fleet(req.identities, req.options);
      fleets.set(req.name, f);
      f.start();
      await f.whenConnected(req.identities.length);
      return { at: Date.now(), connectMs: Date.now() - started, connects: f.stats.attempts, refused: f.stats.refused };
    }
    case 'burst': {
      const at = Date.now();
      return { at, sent: fleetOf(req.name).burst(req.count, { burst: req.marker }) };
    }
    case 'beat': {
      const f = fleetOf(req.name);
      const d = f.devices[req.index];
      const at = Date.now();
      return { at, sent: d && (await f.beat(d, { probe: req.marker })) ? 1 : 0 };
    }
    case 'retime':
      fleetOf(req.name).retime(req.heartbeatS);
      return { at: Date.now() };
    case 'stop':
      await fleets.get(req.name)?.stop();
      fleets.delete(req.name);
      return { at: Date.now() };
  }
}

process.on('message', (msg: LoadRequest & { rid: number }) => {
  handle(msg).then(
    (r) => process.send?.({ rid: msg.rid, ...r }),
    (err: unknown) => process.send?.({ rid: msg.rid, at: Date.now(), error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
