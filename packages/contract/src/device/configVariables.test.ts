import { describe, expect, it } from 'vitest';
import { configVariablesSchema, readVariables, resolveTemplateConfig } from './configVariables';
import { DEFAULT_RADIO_24, DEFAULT_RADIO_5, DEFAULT_SSID } from './templates';
import { validationText } from '../validationMessages';

const ap = (ssid: Record<string, unknown>) => ({
  roaming_threshold: 0, lan_ports: 1, ssids: [{ ...DEFAULT_SSID, ...ssid }], radio_24: DEFAULT_RADIO_24, radio_5: DEFAULT_RADIO_5,
  up_limit_kbps: 0, down_limit_kbps: 0, whitelist: [],
});

describe('configuration variables', () => {
  it('names, values and count are limited', () => {
    expect(configVariablesSchema.safeParse({ site: 'HQ', wifi_key_2: 'x'.repeat(255) }).success).toBe(true);
    for (const bad of ['Site', '1a', '_a', 'a-b', 'a'.repeat(33)]) {
      expect(configVariablesSchema.safeParse({ [bad]: 'v' }).error?.issues[0]?.message, bad).toBe('validation.variableName');
    }
    expect(configVariablesSchema.safeParse({ a: 'x'.repeat(256) }).error?.issues[0]).toMatchObject({ path: ['a'], message: 'validation.variableValue' });
    expect(configVariablesSchema.safeParse({ a: 1 }).error?.issues[0]?.message).toBe('validation.variableValue');
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, '']));
    expect(configVariablesSchema.safeParse(many).error?.issues[0]?.message).toBe('validation.variablesCount');
    expect(configVariablesSchema.safeParse([]).success).toBe(false);
    expect(readVariables('{"a":"b"}')).toEqual({ a: 'b' });
    expect(readVariables('not json')).toEqual({});
  });

  it('device beats organisation beats template default, in every string value', () => {
    const r = resolveTemplateConfig('ap', ap({ name: 'Guest-{{ site }}', password: '{{wifi_key}}' }), {
      device: { site: 'Lobby' },
      organization: { site: 'Org', wifi_key: 'org-secret-1' },
      template: { site: 'Tpl', wifi_key: 'tpl-secret-1', unused: 'x' },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ssid = (r.config as { ssids: { name: string; password: string }[] }).ssids[0]!;
    expect(ssid).toMatchObject({ name: 'Guest-Lobby', password: 'org-secret-1' });
    expect(r.variables).toEqual([
      { name: 'site', value: 'Lobby', source: 'device' },
      { name: 'wifi_key', value: 'org-secret-1', source: 'organization' },
    ]);
    const t = resolveTemplateConfig('ap', ap({ name: 'Guest-{{ site }}', password: 'fixed-pass' }), { template: { site: 'Tpl' } });
    expect(t.ok && t.variables).toEqual([{ name: 'site', value: 'Tpl', source: 'template' }]);
  });

  it('a placeholder with no value at any level is refused naming the field and the variable', () => {
    const r = resolveTemplateConfig('ap', ap({ name: 'Guest-{{ site }}', password: 'fixed-pass' }), { device: {}, organization: { other: 'x' } });
    expect(r).toEqual({ ok: false, field: 'ssids.0.name', message: 'validation.variableMissing:site', variable: 'site' });
    expect(validationText(r.ok ? '' : r.message, 'en')).toContain('site');
    expect(validationText(r.ok ? '' : r.message, 'zh_CN')).toContain('site');
  });

  it('a substituted value beyond its limit is refused naming the field', () => {
    const long = resolveTemplateConfig('ap', ap({ name: 'Guest-{{ site }}', password: 'fixed-pass' }), { device: { site: 'x'.repeat(30) } });
    expect(long).toEqual({ ok: false, field: 'ssids.0.name', message: 'validation.ssidName' });
    const short = resolveTemplateConfig('ap', ap({ password: '{{ k }}' }), { organization: { k: 'short' } });
    expect(short).toEqual({ ok: false, field: 'ssids.0.password', message: 'validation.ssidPassword' });
    const phone = resolveTemplateConfig('phone', {
      account: '{{ ext }}', password: 'p', server: 'sip.{{ domain }}', port: 5060, register_interval_s: 300,
    }, { device: { ext: '8001', domain: 'bad domain' } });
    expect(phone).toEqual({ ok: false, field: 'server', message: 'validation.phoneServer' });
  });

  it('a configuration without placeholders resolves to itself', () => {
    const raw = { lan_ports: 4, vlan: 1, dhcp: true, up_limit_kbps: 0, down_limit_kbps: 0, whitelist: ['example.com'] };
    expect(resolveTemplateConfig('lan', raw, {})).toEqual({ ok: true, config: raw, variables: [] });
  });
});
