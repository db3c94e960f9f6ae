/** The credentials file devices are provisioned from (simulator, demo fleet): header `serial,secret,family,model`. */
export const PROVISION_HEADER = ['serial', 'secret', 'family', 'model'] as const;

export interface ProvisionedDevice { serial: string; secret: string; family: string; model: string }

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Plain UTF-8 without a byte-order mark: every value is ASCII except perhaps the model, and scripts read it. */
export function provisionCsv(rows: ProvisionedDevice[]): string {
  return [PROVISION_HEADER.join(','), ...rows.map((r) => [r.serial, r.secret, r.family, r.model].map(cell).join(','))].join('\n') + '\n';
}
