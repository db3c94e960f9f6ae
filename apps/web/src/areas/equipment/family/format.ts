import type { TFunction } from 'i18next';
import { metricDecl, type DeviceFamily, type MetricUnit } from '@gx/contract';

/** A metric's value as a person reads it: rates scaled to k/M/Gbps, power in dBm, shares in %, flags as yes/no. */
export function metricText(value: unknown, unit: MetricUnit, t: TFunction): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  switch (unit) {
    case 'bps': {
      const [div, suffix] = value >= 1e9 ? [1e9, 'Gbps'] : value >= 1e6 ? [1e6, 'Mbps'] : value >= 1e3 ? [1e3, 'kbps'] : [1, 'bps'];
      return `${(value / div).toFixed(div === 1 ? 0 : 1)} ${suffix}`;
    }
    case 'dbm': return `${value.toFixed(1)} dBm`;
    case 'pct': return `${value.toFixed(1).replace(/\.0$/, '')} %`;
    case 'celsius': return `${value.toFixed(1)} °C`;
    case 'flag': return value ? t('deviceFamily.yes') : t('deviceFamily.no');
    case 'mos': return value.toFixed(2);
    default: return String(value);
  }
}

/** A family metric by name (per-port OLT names too); unknown names read as plain numbers. */
export function familyMetricText(family: DeviceFamily, name: string, value: unknown, t: TFunction): string {
  return metricText(value, metricDecl(family, name)?.unit ?? 'count', t);
}

/** Seconds of uptime as "3d 4h 5m" (or "12m", "40s"). */
export function uptimeText(seconds: unknown, t: TFunction): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '-';
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (!d && !h && !m) return t('deviceFamily.uptime.s', { n: Math.floor(seconds) });
  return [d && t('deviceFamily.uptime.d', { n: d }), h && t('deviceFamily.uptime.h', { n: h }), m && t('deviceFamily.uptime.m', { n: m })].filter(Boolean).join(' ');
}
