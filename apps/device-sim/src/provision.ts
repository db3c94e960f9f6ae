// Without a CSV the simulator provisions its own devices through the API, as an administrator would from the
// console: sign in, then ask the device binding endpoint for `count` new devices of each family.
import { API_PREFIX, Api, md5 } from '@gx/contract';
import { z } from 'zod';
import { type DeviceIdentity, parseProvisioningCsv } from './csv';
import { type DeviceFamily, FAMILY_PROFILES } from './families';

/** The device endpoint's path (agreed with the device channel; the contract names it once it exports it). */
export const DEVICE_BINDING_PATH = '/admin/device/binding';

export interface ProvisionRequest {
  api: string;
  username: string;
  password: string;
  /** Devices per family. */
  counts: Map<DeviceFamily, number>;
  prefix?: string | undefined;
}

const envelope = z.object({ code: z.number(), msg: z.string().optional(), token: z.string().optional(), data: z.unknown().optional() });
const csvAnswer = z.object({ filename: z.string(), content: z.string(), rows: z.number() });

export class ProvisionError extends Error {}

async function call(api: string, path: string, body: unknown, token?: string): Promise<z.infer<typeof envelope>> {
  const res = await fetch(`${api.replace(/\/$/, '')}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).catch((err: unknown) => {
    throw new ProvisionError(`cannot reach the server at ${api}: ${err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err)}`);
  });
  const parsed = envelope.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ProvisionError(`${path}: HTTP ${res.status}, not an API answer`);
  return parsed.data;
}

export async function signIn(api: string, username: string, password: string): Promise<string> {
  const r = await call(api, Api.index.login, { username, password: md5(password), code: '' });
  if (r.code !== 200 || !r.token) throw new ProvisionError(`sign-in as ${username} refused: ${r.code} ${r.msg ?? ''} (the server needs LOGIN_CAPTCHA=off for unattended sign-in)`);
  return r.token;
}

/** Provisions the devices and answers their identities (the same CSV the console exports). */
export async function provisionDevices(req: ProvisionRequest): Promise<{ identities: DeviceIdentity[]; csv: string }> {
  const token = await signIn(req.api, req.username, req.password);
  const identities: DeviceIdentity[] = [];
  const rows: string[] = [];
  for (const [family, count] of req.counts) {
    if (count <= 0) continue;
    const body = { method: 'provision', family, model: FAMILY_PROFILES[family].model, count, ...(req.prefix ? { prefix: req.prefix } : {}) };
    const r = await call(req.api, DEVICE_BINDING_PATH, body, token);
    const data = csvAnswer.safeParse(r.data);
    if (r.code !== 200 || !data.success) throw new ProvisionError(`provisioning ${count} ${family}: ${r.code} ${r.msg ?? ''}`);
    const text = Buffer.from(data.data.content, 'base64').toString('utf8');
    const batch = parseProvisioningCsv(text);
    identities.push(...batch);
    rows.push(...text.replace(/^\uFEFF/, '').split(/\r?\n/).slice(1).filter((l) => l.trim()));
  }
  return { identities, csv: `serial,secret,family,model\n${rows.join('\n')}\n` };
}
