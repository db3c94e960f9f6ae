import { describe, expect, it } from 'vitest';
import { familyTelemetrySchema } from '@gx/contract';
import { DEVICE_FAMILIES } from './families';
import { heartbeat, sdwanPlan, telemetry } from './telemetry';

describe('telemetry', () => {
  it.each(DEVICE_FAMILIES)('%s metrics are a flat map of finite numbers that change over time', (family) => {
    const s = { seed: 42, portalClients: 0, playing: family === 'screen' ? { programmeId: 12, items: 3 } : null };
    const a = telemetry(family, s, 1_000);
    const b = telemetry(family, s, 1_300);
    expect(Object.keys(a).length).toBeGreaterThan(2);
    for (const v of [...Object.values(a), ...Object.values(heartbeat(family, s, 1_000, 5))]) expect(Number.isFinite(v)).toBe(true);
    expect(a).not.toEqual(b);
  });

  it.each(DEVICE_FAMILIES)('%s sends every metric the contract types for its family, and nothing else', (family) => {
    const s = { seed: 5, portalClients: 2, playing: family === 'screen' ? { programmeId: 3, items: 2 } : null };
    for (const t of [0, 450, 3_600]) {
      const r = familyTelemetrySchema(family, true).safeParse(telemetry(family, s, t));
      expect(r.error?.issues ?? []).toEqual([]);
    }
  });

  it('an OLT reports each port that is up with its ONUs, within the 200 metrics of a message', () => {
    const m = telemetry('olt', { seed: 9, portalClients: 0, playing: null }, 100);
    expect(Object.keys(m).length).toBeLessThanOrEqual(200);
    const ports = Object.keys(m).filter((k) => /^pon\d+_rx_dbm$/.test(k));
    expect(ports).toHaveLength(m.pon_ports_up!);
    const onus = Object.keys(m).filter((k) => /^pon\d+_onu\d+_rx_dbm$/.test(k));
    expect(onus).toHaveLength(m.onus_online!);
  });

  it('optical power stays in the range an ONU reports', () => {
    for (let t = 0; t < 3600; t += 37) {
      const m = telemetry('onu', { seed: 7, portalClients: 0, playing: null }, t);
      expect(m.rx_power_dbm).toBeGreaterThanOrEqual(-28);
      expect(m.rx_power_dbm).toBeLessThanOrEqual(-7);
    }
  });
});

describe('SD-WAN links of gateways', () => {
  it('plans a hub and a ring so that every link is reported once, by its lower-numbered end', () => {
    const plan = sdwanPlan(4);
    expect(plan).toEqual([{ site: 1, peers: [2, 3, 4] }, { site: 2, peers: [3] }, { site: 3, peers: [4] }, { site: 4, peers: [] }]);
    const links = plan.flatMap((p) => p.peers.map((q) => `${p.site}-${q}`));
    expect(new Set(links).size).toBe(links.length);
    expect(sdwanPlan(1)).toEqual([{ site: 1, peers: [] }]);
  });

  it('reports each link\'s latency, loss and state in the gateway\'s complete, contract-valid telemetry', () => {
    const s = { seed: 3, portalClients: 0, playing: null, sdwan: { site: 1, peers: [2, 3] } };
    for (const t of [0, 600, 1200, 99_000]) {
      const m = telemetry('ig', s, t);
      expect(familyTelemetrySchema('ig', true).safeParse(m).success).toBe(true);
      expect(m.sdwan_site).toBe(1);
      for (const p of [2, 3]) {
        expect([0, 1]).toContain(m[`sdwan_p${p}_up`]);
        expect(m[`sdwan_p${p}_latency_ms`]).toBeGreaterThanOrEqual(0);
        expect(m[`sdwan_p${p}_loss_pct`]).toBeLessThanOrEqual(100);
      }
    }
    // A gateway outside any SD-WAN says so with site 0 and reports no link; unknown link names are refused.
    const alone = telemetry('ig', { seed: 3, portalClients: 0, playing: null }, 0);
    expect(alone.sdwan_site).toBe(0);
    expect(Object.keys(alone).filter((k) => k.startsWith('sdwan_p'))).toEqual([]);
    expect(familyTelemetrySchema('ig').safeParse({ sdwan_p2_jitter: 1 }).success).toBe(false);
  });
});
