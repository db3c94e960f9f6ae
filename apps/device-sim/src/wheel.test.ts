import { describe, expect, it } from 'vitest';
import { SLOT_MS, TimingWheel } from './wheel';

describe('timing wheel', () => {
  it('runs each entry once, when its slot comes due, and a late tick catches up in order', () => {
    let now = 1_000_000;
    const ran: string[] = [];
    const wheel = new TimingWheel((device, kind, epoch) => ran.push(`${device}/${kind}/${epoch}`), () => now);
    wheel.schedule(250, 1, 0, 7);
    wheel.schedule(50, 2, 1, 7);
    wheel.schedule(1000, 3, 2, 8);
    now += SLOT_MS;
    wheel.tick();
    expect(ran).toEqual(['2/1/7']);
    now += 2000;
    wheel.tick();
    expect(ran).toEqual(['2/1/7', '1/0/7', '3/2/8']);
    wheel.tick();
    expect(ran).toHaveLength(3);
  });

  it('never schedules into a slot already run', () => {
    let now = 5_000_000;
    const ran: number[] = [];
    const wheel = new TimingWheel((device) => ran.push(device), () => now);
    now += 500;
    wheel.tick();
    wheel.schedule(0, 9, 0, 0);
    now += SLOT_MS;
    wheel.tick();
    expect(ran).toEqual([9]);
  });
});
