import { describe, expect, it } from 'vitest';
import { FAMILY_PAGES, FAMILY_PAGE_KEYS, chartMetrics, familyResourceKey, type FamilyPage } from './familyPages';
import { familyView } from './familyView';
import { FAMILY_METRICS } from './telemetry';
import { capabilitiesOf } from './models';

/** A catalogue model of a family, as its flat row (the model form's fields). */
const model = (family: string, row: Record<string, unknown>) => capabilitiesOf({ family, commands: 'restart', ...row });

describe('family pages', () => {
  it('give every page its own family and segment, 2-3 figures and 1-3 charts of metrics the family reports', () => {
    const pages = Object.values(FAMILY_PAGES) as unknown as FamilyPage[];
    expect(new Set(pages.map((p) => p.family)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.segment)).size).toBe(pages.length);
    for (const p of pages) {
      const own = Object.keys(FAMILY_METRICS[p.family]);
      expect(p.figures.length, p.segment).toBeGreaterThanOrEqual(2);
      expect(p.figures.length, p.segment).toBeLessThanOrEqual(3);
      expect(p.charts.length, p.segment).toBeGreaterThanOrEqual(2);
      expect(p.charts.length, p.segment).toBeLessThanOrEqual(3);
      for (const name of [...p.figures, ...p.charts.flatMap((c) => c.metrics)]) expect(own, `${p.segment} ${name}`).toContain(name);
    }
  });

  it('serve the SPEC §7 device families ac, fttn, nmc, uc and vcgw each on a page of its own', () => {
    for (const key of ['ac', 'fttn', 'nmc', 'uc', 'vcgw'] as const) {
      expect(FAMILY_PAGE_KEYS).toContain(key);
      expect(FAMILY_PAGES[key]).toMatchObject({ family: key, segment: key });
      expect(familyResourceKey(key)).toBe(`device.${key}`);
    }
    expect(FAMILY_PAGES.ac.title).toEqual({ zh_CN: 'AC 控制器', en: 'AC controllers' });
    expect(FAMILY_PAGES.fttn.title).toEqual({ zh_CN: 'FTTN 管理', en: 'FTTN' });
    expect(FAMILY_PAGES.nmc.title).toEqual({ zh_CN: '网管卡', en: 'Management cards' });
    expect(FAMILY_PAGES.uc.title).toEqual({ zh_CN: '融合通信', en: 'Unified communications' });
    expect(FAMILY_PAGES.vcgw.title).toEqual({ zh_CN: '视频会议网关', en: 'Video-conference gateways' });
    expect(chartMetrics('vcgw')).toEqual(['calls_active', 'sip_registrations', 'sip_trunks_up', 'sip_trunks', 'mos']);
  });
});

describe('family view', () => {
  it('reads an AC controller\'s APs, clients and load from its metrics and its AP limit from its model', () => {
    const m = { managed_aps: 64, online_aps: 60, clients: 512, portal_clients: 9, cpu: 31.5 };
    expect(familyView('ac', model('ac', { lan_ports: 8, max_aps: 256 }), m)).toEqual({
      page: 'ac', aps: { managed: 64, online: 60, max: 256 }, clients: 512, portal_clients: 9, cpu_pct: 31.5, lan_ports: 8,
    });
  });

  it('reads an FTTN node\'s optics with their level, ports up of all and traffic; ports fall back to the model\'s', () => {
    const m = { rx_power_dbm: -7.2, tx_power_dbm: 2.5, ports: 8, ports_up: 6, rx_bps: 5e8, tx_bps: 2e8 };
    const c = model('fttn', { lan_ports: 24, uplink_ports: 2 });
    expect(familyView('fttn', c, m)).toEqual({
      page: 'fttn', optical: { rx_dbm: -7.2, tx_dbm: 2.5, level: 'high' }, ports: { up: 6, total: 8, uplinks: 2 }, traffic: { rx_bps: 5e8, tx_bps: 2e8 },
    });
    expect(familyView('fttn', c, { ports_up: 3, rx_power_dbm: -20 })).toMatchObject({ optical: { level: 'ok' }, ports: { up: 3, total: 24, uplinks: 2 } });
    // The same optics as an FTTR unit's.
    expect(familyView('fttr', null, m)).toMatchObject({ page: 'fttr', optical: { rx_dbm: -7.2, tx_dbm: 2.5, level: 'high' } });
  });

  it('reads a management card\'s managed devices, alarms and load, and its slots from its model', () => {
    const m = { managed_devices: 240, alarms_active: 5, cpu: 12, mem: 71.5 };
    expect(familyView('nmc', model('nmc', { card_slots: 4, uplink_ports: 2 }), m)).toEqual({
      page: 'nmc', managed_devices: 240, alarms_active: 5, cpu_pct: 12, mem_pct: 71.5, card_slots: 4, uplink_ports: 2,
    });
  });

  it('reads a UC server\'s users, registrations, meetings and calls, and its SIP lines from its model', () => {
    const m = { users_online: 33, sip_registrations: 41, meetings_active: 3, calls_active: 8 };
    expect(familyView('uc', model('uc', { sip_lines: 500, card_slots: 2 }), m)).toEqual({
      page: 'uc', users_online: 33, sip_registrations: 41, sip_lines: 500, meetings_active: 3, calls_active: 8, card_slots: 2,
    });
  });

  it('reads a video-conference gateway\'s trunks up of all, registrations, calls and MOS', () => {
    const m = { sip_trunks: 4, sip_trunks_up: 2, sip_registrations: 77, calls_active: 14, mos: 3.91 };
    expect(familyView('vcgw', model('vcgw', { lan_ports: 2, sip_lines: 120 }), m)).toEqual({
      page: 'vcgw', trunks: { up: 2, total: 4 }, sip_registrations: 77, sip_lines: 120, calls_active: 14, mos: 3.91,
    });
  });

  it('answers null for what a device has not reported and a model it has not got', () => {
    expect(familyView('ac', null, {})).toEqual({ page: 'ac', aps: { managed: null, online: null, max: null }, clients: null, portal_clients: null, cpu_pct: null, lan_ports: null });
    expect(familyView('fttn', null, { rx_bps: 'fast' })).toEqual({
      page: 'fttn', optical: { rx_dbm: null, tx_dbm: null, level: null }, ports: { up: null, total: null, uplinks: null }, traffic: { rx_bps: null, tx_bps: null },
    });
    expect(familyView('nmc', null, {})).toEqual({ page: 'nmc', managed_devices: null, alarms_active: null, cpu_pct: null, mem_pct: null, card_slots: null, uplink_ports: null });
    expect(familyView('uc', null, {})).toEqual({ page: 'uc', users_online: null, sip_registrations: null, sip_lines: null, meetings_active: null, calls_active: null, card_slots: null });
    expect(familyView('vcgw', null, { mos: Number.NaN })).toEqual({ page: 'vcgw', trunks: { up: null, total: null }, sip_registrations: null, sip_lines: null, calls_active: null, mos: null });
  });
});
