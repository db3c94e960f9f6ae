/**
 * The external laundry platform the washing-machine integration talks to (SPEC §2 business "washing-machine
 * integration"): coin-less washers in a hotel or dormitory are run by a vendor's cloud; we list them, read their
 * state and start a program for an order of ours. One small interface, so tests and development run without it.
 */

/** The programs a machine offers; the console's `program` options are the same three. */
export const LAUNDRY_PROGRAMS = ['standard', 'quick', 'heavy'] as const;
export type LaundryProgram = (typeof LAUNDRY_PROGRAMS)[number];

/** How long each program runs on the local stand-in (a real platform answers its own `remaining_min`). */
export const LAUNDRY_PROGRAM_MINUTES: Readonly<Record<LaundryProgram, number>> = { standard: 45, quick: 20, heavy: 75 };

/** What the platform says of a machine: free, washing, broken, or out of reach (unknown ids count as offline). */
export const LAUNDRY_STATES = ['idle', 'running', 'fault', 'offline'] as const;
export type LaundryState = (typeof LAUNDRY_STATES)[number];

export interface LaundryMachineInfo {
  /** The platform's id of the machine (the resource's `external_id`). */
  machineId: string;
  name: string;
  site: string;
}

export interface LaundryStatus {
  state: LaundryState;
  /** Minutes left of the running program; 0 unless running. */
  remainingMin: number;
}

/** Why the platform did not start the program. */
export type LaundryRefusal = 'running' | 'fault' | 'offline' | 'program';

export type LaundryStart =
  | { accepted: true; remainingMin: number }
  | { accepted: false; reason: LaundryRefusal };

/** The platform failing (unreachable, refused our signature, answered nonsense): not a statement about the machine. */
export class LaundryUnavailable extends Error {
  override name = 'LaundryUnavailable';
}

export interface LaundryProvider {
  readonly name: 'local' | 'http';
  /** The machines the platform has at a site (a building, a campus: the platform's own grouping). */
  listMachines(site: string): Promise<LaundryMachineInfo[]>;
  machineStatus(machineId: string): Promise<LaundryStatus>;
  /**
   * Starts `program` on the machine for our order `orderNo` (the platform keeps it: asking twice with the same order
   * number starts once and answers the same). Throws LaundryUnavailable when the platform cannot be asked.
   */
  startProgram(machineId: string, program: LaundryProgram, orderNo: string): Promise<LaundryStart>;
}
