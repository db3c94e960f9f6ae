// The provisioning CSV the console exports and the server writes for the demo fleet:
// header exactly `serial,secret,family,model`, one device per line.
import { SERIAL_PATTERN } from '@gx/contract';
import { type DeviceFamily, isDeviceFamily } from './families';

export const CSV_HEADER = 'serial,secret,family,model';

export interface DeviceIdentity {
  serial: string;
  secret: string;
  family: DeviceFamily;
  model: string;
}

export class CsvError extends Error {}

/** Splits one CSV line, honouring double-quoted cells ("" is a quote inside one). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(cur); cur = ''; } else cur += ch;
  }
  out.push(cur);
  // Exports prefix formula-looking cells with ' so spreadsheets do not run them; a serial never starts with one.
  return out.map((c) => (/^'[=+\-@]/.test(c) ? c.slice(1) : c).trim());
}

export function parseProvisioningCsv(text: string): DeviceIdentity[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== CSV_HEADER) throw new CsvError(`the first line must be exactly "${CSV_HEADER}"`);
  const devices: DeviceIdentity[] = [];
  const seen = new Set<string>();
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n] ?? '';
    if (!line.trim()) continue;
    const [serial = '', secret = '', family = '', model = ''] = cells(line);
    const where = `line ${n + 1}`;
    if (!SERIAL_PATTERN.test(serial)) throw new CsvError(`${where}: serial "${serial}" is not a serial (3–64 letters, digits, - or _)`);
    if (!secret) throw new CsvError(`${where}: secret is empty`);
    if (!isDeviceFamily(family)) throw new CsvError(`${where}: family "${family}" is not one of the device families`);
    if (seen.has(serial)) throw new CsvError(`${where}: serial ${serial} appears twice`);
    seen.add(serial);
    devices.push({ serial, secret, family, model: model || family });
  }
  return devices;
}
