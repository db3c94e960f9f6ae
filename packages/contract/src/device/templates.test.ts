import { describe, expect, it } from 'vitest';
import {
  CHANNELS_5, DEFAULT_RADIO_24, DEFAULT_RADIO_5, DEFAULT_SSID, apTemplateConfigSchema, lanTemplateConfigSchema, phoneTemplateConfigSchema,
  radio24Schema, radio5Schema, roamingThresholdSchema, ssidSchema, ssidsSchema, whitelistSchema,
  SYNC_EVENTS, SYNC_STATES, SYNC_STATE_LABELS, SYNC_TRANSITIONS, nextSyncState,
} from './templates';
import { validationText } from '../validationMessages';

/** Every limit of issue 12's configuration vocabulary, at and beyond its edges, with the message it names. */
const problem = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.success ? null : [r.error!.issues[0]!.path.join('.'), r.error!.issues[0]!.message]);

describe('configuration template limits', () => {
  it('roaming threshold: -100…-60 or 0', () => {
    for (const ok of [0, -100, -60, -80]) expect(roamingThresholdSchema.safeParse(ok).success).toBe(true);
    for (const bad of [-101, -59, -1, 1, -75.5]) expect(problem(roamingThresholdSchema.safeParse(bad))).toEqual(['', 'validation.roamingThreshold']);
  });

  it('SSID: name, password longer than 8 when encrypted, max users, VLAN 1-4094', () => {
    const s = (p: Record<string, unknown>) => ssidSchema.safeParse({ ...DEFAULT_SSID, password: 'long-enough', ...p });
    expect(s({}).success).toBe(true);
    expect(problem(s({ password: '12345678' }))).toEqual(['password', 'validation.ssidPassword']);
    expect(s({ password: '123456789' }).success).toBe(true);
    expect(problem(s({ password: 'x'.repeat(64) }))).toEqual(['password', 'validation.ssidPassword']);
    expect(s({ encryption: 'none', password: '' }).success).toBe(true);
    expect(problem(s({ encryption: 'wep' }))).toEqual(['encryption', 'validation.option']);
    expect(problem(s({ name: '' }))).toEqual(['name', 'validation.ssidName']);
    expect(problem(s({ name: 'x'.repeat(33) }))).toEqual(['name', 'validation.ssidName']);
    for (const v of [1, 4094]) expect(s({ vlan: v }).success).toBe(true);
    for (const v of [0, 4095]) expect(problem(s({ vlan: v }))).toEqual(['vlan', 'validation.vlan']);
    for (const v of [0, 513]) expect(problem(s({ max_users: v }))).toEqual(['max_users', 'validation.maxUsers']);
    expect(problem(s({ broadcast: 'yes' }))).toEqual(['broadcast', 'validation.boolean']);
    expect(problem(s({ extra: 1 }))?.[0]).toBe('');
  });

  it('SSID list: 1 to 8, names distinct', () => {
    const one = { ...DEFAULT_SSID, encryption: 'none' as const };
    expect(problem(ssidsSchema.safeParse([]))).toEqual(['', 'validation.ssidCount']);
    expect(ssidsSchema.safeParse(Array.from({ length: 8 }, (_, i) => ({ ...one, name: `n${i}` }))).success).toBe(true);
    expect(problem(ssidsSchema.safeParse(Array.from({ length: 9 }, (_, i) => ({ ...one, name: `n${i}` }))))).toEqual(['', 'validation.ssidCount']);
    expect(problem(ssidsSchema.safeParse([one, one]))).toEqual(['1.name', 'validation.ssidDuplicate']);
  });

  it('radios: power 1-30, 2.4G channels 1-13, 5G the valid set 36-165, or auto; bandwidth of the band', () => {
    for (const p of [1, 30]) expect(radio24Schema.safeParse({ ...DEFAULT_RADIO_24, power: p }).success).toBe(true);
    for (const p of [0, 31]) expect(problem(radio24Schema.safeParse({ ...DEFAULT_RADIO_24, power: p }))).toEqual(['power', 'validation.radioPower']);
    for (const c of [1, 13, 'auto']) expect(radio24Schema.safeParse({ ...DEFAULT_RADIO_24, channel: c }).success).toBe(true);
    for (const c of [0, 14, 36]) expect(problem(radio24Schema.safeParse({ ...DEFAULT_RADIO_24, channel: c }))?.[1]).toBe('validation.channel24');
    for (const c of [...CHANNELS_5, 'auto']) expect(radio5Schema.safeParse({ ...DEFAULT_RADIO_5, channel: c }).success).toBe(true);
    for (const c of [34, 37, 50, 145, 169]) expect(problem(radio5Schema.safeParse({ ...DEFAULT_RADIO_5, channel: c }))?.[1]).toBe('validation.channel5');
    expect(problem(radio24Schema.safeParse({ ...DEFAULT_RADIO_24, bandwidth: '80' }))).toEqual(['bandwidth', 'validation.bandwidth']);
    expect(radio5Schema.safeParse({ ...DEFAULT_RADIO_5, bandwidth: '160' }).success).toBe(true);
  });

  it('whitelist, speed limits, LAN ports, whole AP / LAN / phone templates', () => {
    expect(whitelistSchema.parse('Example.com, a.example.org\nexample.com')).toEqual(['example.com', 'a.example.org']);
    expect(problem(whitelistSchema.safeParse('not a domain'))?.[1]).toBe('validation.whitelistDomain');
    expect(problem(whitelistSchema.safeParse(Array.from({ length: 101 }, (_, i) => `d${i}.example.com`).join('\n')))?.[1]).toBe('validation.whitelistCount');
    const ap = {
      roaming_threshold: 0, lan_ports: 0, ssids: [{ ...DEFAULT_SSID, password: 'long-enough' }], radio_24: DEFAULT_RADIO_24, radio_5: DEFAULT_RADIO_5,
      up_limit_kbps: 0, down_limit_kbps: 10_000_000, whitelist: [],
    };
    expect(apTemplateConfigSchema.safeParse(ap).success).toBe(true);
    expect(problem(apTemplateConfigSchema.safeParse({ ...ap, lan_ports: 9 }))).toEqual(['lan_ports', 'validation.lanPorts']);
    expect(problem(apTemplateConfigSchema.safeParse({ ...ap, up_limit_kbps: -1 }))).toEqual(['up_limit_kbps', 'validation.speedLimit']);
    expect(problem(apTemplateConfigSchema.safeParse({ ...ap, down_limit_kbps: 10_000_001 }))).toEqual(['down_limit_kbps', 'validation.speedLimit']);
    const lan = { lan_ports: 1, vlan: 1, dhcp: true, up_limit_kbps: 0, down_limit_kbps: 0, whitelist: [] };
    expect(lanTemplateConfigSchema.safeParse(lan).success).toBe(true);
    expect(problem(lanTemplateConfigSchema.safeParse({ ...lan, lan_ports: 0 }))).toEqual(['lan_ports', 'validation.lanPorts']);
    expect(problem(lanTemplateConfigSchema.safeParse({ ...lan, vlan: 4095 }))).toEqual(['vlan', 'validation.vlan']);
    const phone = { account: '8001', password: 'secret', server: 'sip.example.com', port: 5060, register_interval_s: 300 };
    expect(phoneTemplateConfigSchema.safeParse(phone).success).toBe(true);
    expect(phoneTemplateConfigSchema.safeParse({ ...phone, server: '192.0.2.1' }).success).toBe(true);
    expect(problem(phoneTemplateConfigSchema.safeParse({ ...phone, server: '999.1.1.1x' }))).toEqual(['server', 'validation.phoneServer']);
    for (const port of [0, 65536]) expect(problem(phoneTemplateConfigSchema.safeParse({ ...phone, port }))).toEqual(['port', 'validation.phonePort']);
    for (const s of [29, 3601]) expect(problem(phoneTemplateConfigSchema.safeParse({ ...phone, register_interval_s: s }))).toEqual(['register_interval_s', 'validation.registerInterval']);
    expect(problem(phoneTemplateConfigSchema.safeParse({ ...phone, account: 'bad account' }))).toEqual(['account', 'validation.phoneAccount']);
  });

  it('has every message in both languages', () => {
    for (const key of ['roamingThreshold', 'ssidPassword', 'ssidName', 'ssidCount', 'ssidDuplicate', 'maxUsers', 'vlan', 'bandwidth', 'radioPower', 'channel24', 'channel5',
      'speedLimit', 'whitelistDomain', 'whitelistCount', 'lanPorts', 'phoneAccount', 'phoneServer', 'phonePort', 'registerInterval', 'templateIncompatible', 'templateNoTargets', 'templateTarget', 'json']) {
      expect(validationText(`validation.${key}`, 'en'), key).toBeTruthy();
      expect(validationText(`validation.${key}`, 'zh_CN'), key).toBeTruthy();
    }
  });
});

describe('configuration sync states as data', () => {
  it('moves every state only along SYNC_TRANSITIONS, one target per event', () => {
    for (const event of SYNC_EVENTS) {
      const rows = SYNC_TRANSITIONS.filter((t) => t.event === event);
      expect(rows, event).toHaveLength(1);
      for (const from of SYNC_STATES) expect(nextSyncState(from, event), `${from} --${event}`).toBe(rows[0]!.from.includes(from) ? rows[0]!.to : null);
    }
  });
  it('has no "failed" state (renamed "error") and labels every state in both languages', () => {
    expect(SYNC_STATES).toEqual(['pending', 'error', 'modified', 'applied']);
    for (const s of SYNC_STATES) expect(SYNC_STATE_LABELS[s].zh_CN && SYNC_STATE_LABELS[s].en).toBeTruthy();
    // A push makes any state pending; only a confirmation or a current hello makes it applied.
    expect(SYNC_STATES.map((s) => nextSyncState(s, 'pushed'))).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(SYNC_TRANSITIONS.filter((t) => t.to === 'applied').map((t) => t.event).sort()).toEqual(['confirmed', 'hello_current']);
  });
});
