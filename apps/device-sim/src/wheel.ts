// One shared timer for the whole fleet: a hashed timing wheel of 100 ms slots. Each entry is three numbers
// (device index, task kind, device epoch) in a flat array, so 10,000 devices need no timer objects of their own.
export const SLOT_MS = 100;

export class TimingWheel {
  private readonly slots = new Map<number, number[]>();
  private lastSlot: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly run: (device: number, kind: number, epoch: number) => void, private readonly now: () => number = Date.now) {
    this.lastSlot = Math.floor(this.now() / SLOT_MS);
  }

  schedule(delayMs: number, device: number, kind: number, epoch: number): void {
    const slot = Math.max(this.lastSlot + 1, Math.floor((this.now() + Math.max(0, delayMs)) / SLOT_MS));
    let entries = this.slots.get(slot);
    if (!entries) this.slots.set(slot, (entries = []));
    entries.push(device, kind, epoch);
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), SLOT_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.slots.clear();
  }

  /** Runs every slot that came due since the last tick (a late tick catches up rather than skipping work). */
  tick(): void {
    const current = Math.floor(this.now() / SLOT_MS);
    while (this.lastSlot < current) {
      this.lastSlot++;
      const entries = this.slots.get(this.lastSlot);
      if (!entries) continue;
      this.slots.delete(this.lastSlot);
      for (let i = 0; i < entries.length; i += 3) this.run(entries[i] ?? 0, entries[i + 1] ?? 0, entries[i + 2] ?? 0);
    }
  }
}
