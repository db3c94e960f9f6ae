import { createHash } from 'node:crypto';
import type { ConfigMessage, TemplateConfigBody } from '@gx/contract';

/**
 * What the platform configures on a device: its name and heartbeat interval, and — once a configuration template
 * was applied to it — that template's configuration with the version it goes out as.
 */
export interface ConfigSource {
  name: string;
  heartbeatS: number;
  configVersion: number;
  template?: TemplateConfigBody & { version: number };
}

/**
 * The `down/config` message of a `config_push`: the next version, the body, and the SHA-256 of the body's JSON
 * (keys in a fixed order) so the device can check what it received. The version becomes the device's only when
 * it answers `ok` on `up/config`. A template adds `body.template` (`{kind, id, name, config}`) and its stored
 * version when that is ahead of what the device runs; a body without one is what it always was.
 */
export function configMessage(d: ConfigSource): ConfigMessage {
  const t = d.template;
  const body: Record<string, unknown> = { heartbeat_s: d.heartbeatS, name: d.name };
  if (t) body.template = { kind: t.kind, id: t.id, name: t.name, config: t.config };
  const json = JSON.stringify(body);
  const version = t && t.version > d.configVersion ? t.version : d.configVersion + 1;
  return { version, checksum: createHash('sha256').update(json).digest('hex'), body };
}
