import { LAUNDRY_PROGRAM_MINUTES, type LaundryMachineInfo, type LaundryProgram, type LaundryProvider, type LaundryStart, type LaundryStatus } from './types';

/** A condition the stand-in platform can be put in (tests, demos): broken or out of reach until set back to `ok`. */
export type LocalLaundryCondition = 'ok' | 'fault' | 'offline';

export interface LocalLaundryProvider extends LaundryProvider {
  readonly name: 'local';
  /** Adds a machine to a site's list (every id is a working machine anyway; this only makes it listed). */
  install(machine: LaundryMachineInfo): void;
  setCondition(machineId: string, condition: LocalLaundryCondition): void;
}

interface LocalMachine {
  info: LaundryMachineInfo;
  condition: LocalLaundryCondition;
  /** When the running program ends (ms); 0 when none ran. */
  busyUntil: number;
  /** Order number → its answer, so a repeated start is answered as the first (as the HTTP platform promises). */
  orders: Map<string, LaundryStart>;
}

/** The demo site's machines, listed by `listMachines('demo')`. */
export const LOCAL_DEMO_MACHINES: readonly LaundryMachineInfo[] = [
  { machineId: 'LOCAL-W1', name: 'Washer 1', site: 'demo' },
  { machineId: 'LOCAL-W2', name: 'Washer 2', site: 'demo' },
];

/**
 * The platform played in memory, per process (LAUNDRY_PROVIDER=local, the default): nothing leaves the machine.
 * Deterministic: every machine id is a working idle washer until started; a started program runs for its
 * program's minutes (LAUNDRY_PROGRAM_MINUTES) by the given clock — the server's injected `now` — then the machine
 * is idle again. Remaining minutes round up (a program 30 s from its end has 1 minute left). Being in memory, its
 * state goes with the process and is not shared between instances: it stands in for the platform, it is not one.
 */
export function localLaundryProvider(now: () => Date = () => new Date(), demo: readonly LaundryMachineInfo[] = LOCAL_DEMO_MACHINES): LocalLaundryProvider {
  const machines = new Map<string, LocalMachine>();
  const machine = (machineId: string): LocalMachine => {
    let m = machines.get(machineId);
    if (!m) {
      m = { info: { machineId, name: machineId, site: '' }, condition: 'ok', busyUntil: 0, orders: new Map() };
      machines.set(machineId, m);
    }
    return m;
  };
  for (const info of demo) machine(info.machineId).info = { ...info };

  const statusOf = (m: LocalMachine): LaundryStatus => {
    if (m.condition !== 'ok') return { state: m.condition, remainingMin: 0 };
    const left = m.busyUntil - now().getTime();
    return left > 0 ? { state: 'running', remainingMin: Math.ceil(left / 60_000) } : { state: 'idle', remainingMin: 0 };
  };

  return {
    name: 'local',
    install(info) { machine(info.machineId).info = { ...info }; },
    setCondition(machineId, condition) { machine(machineId).condition = condition; },
    async listMachines(site) {
      return [...machines.values()].filter((m) => m.info.site === site).map((m) => ({ ...m.info }))
        .sort((a, b) => a.machineId.localeCompare(b.machineId));
    },
    async machineStatus(machineId) {
      return statusOf(machine(machineId));
    },
    async startProgram(machineId: string, program: LaundryProgram, orderNo: string): Promise<LaundryStart> {
      const m = machine(machineId);
      const again = m.orders.get(orderNo);
      if (again) return again;
      const minutes = LAUNDRY_PROGRAM_MINUTES[program];
      const state = statusOf(m).state;
      const answer: LaundryStart = minutes === undefined ? { accepted: false, reason: 'program' }
        : state !== 'idle' ? { accepted: false, reason: state }
          : { accepted: true, remainingMin: minutes };
      if (answer.accepted) m.busyUntil = now().getTime() + minutes * 60_000;
      m.orders.set(orderNo, answer);
      return answer;
    },
  };
}
