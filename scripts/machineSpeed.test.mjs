import { describe, expect, it } from 'vitest';
import { machineSpeed } from './machineSpeed.mjs';

describe('the machine speed reading', () => {
  it('is the CPU time, in whole milliseconds, of work that is never empty', () => {
    const ms = machineSpeed(2);
    expect(Number.isInteger(ms)).toBe(true);
    // Work that took no CPU at all would read 0 and say nothing about the machine.
    expect(ms).toBeGreaterThan(0);
  });
});
