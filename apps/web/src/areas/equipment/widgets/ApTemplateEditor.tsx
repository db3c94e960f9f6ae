import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, Card, Col, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BANDWIDTHS_24, BANDWIDTHS_5, CHANNELS_24, CHANNELS_5, DEFAULT_RADIO_24, DEFAULT_RADIO_5, DEFAULT_SSID, MAX_USERS_MAX, POWER_MAX,
  POWER_MIN, SSIDS_MAX, VLAN_MAX, VLAN_MIN, firstIssueBesidesPlaceholders, radio24Schema, radio5Schema, ssidsSchema, validationText,
  type SsidConfig,
} from '@gx/contract';
import type { z } from 'zod';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { useLang } from '../../../resources/useLang';

/**
 * The AP template's structured editors: the SSID list (one card per SSID) and one panel per radio. The value each
 * keeps in the form is the JSON the server stores; every change is checked with the contract's schema and its
 * problems are shown on the control they concern.
 */

function parse<T>(value: unknown, fallback: T): T {
  if (typeof value !== 'string' || !value.trim()) return fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** The first problem of a value, as the i18n key the form shows. */
function firstProblem(schema: z.ZodType, value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'validation.json';
  }
  const r = schema.safeParse(parsed);
  // A text holding a `{{ name }}` placeholder is checked once filled in per device, as the server does.
  return r.success ? null : (firstIssueBesidesPlaceholders(r.error.issues, parsed)?.message ?? null);
}

/** Problems by nested path (`0.password`), for the controls to show. */
function problems(schema: z.ZodType, value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const r = schema.safeParse(value);
  if (r.success) return out;
  for (const i of r.error.issues) {
    if (firstIssueBesidesPlaceholders([i], value) && !out.has(i.path.join('.'))) out.set(i.path.join('.'), i.message);
  }
  return out;
}

function Labelled({ label, id, problem, children }: { label: string; id: string; problem?: string; children: ReactNode }) {
  const lang = useLang();
  return (
    <div style={{ marginBottom: 8 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>{label}</label>
      {children}
      {problem && <Typography.Text type="danger" data-testid={`${id}-problem`}>{validationText(problem, lang) ?? problem}</Typography.Text>}
    </div>
  );
}

/** Seeds an empty value (a new template) with the defaults, so what is shown is what is saved. */
function useSeed(value: unknown, onChange: ((v: unknown) => void) | undefined, seed: unknown) {
  useEffect(() => {
    if ((typeof value !== 'string' || !value.trim()) && onChange) onChange(JSON.stringify(seed));
    // Only on an empty value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
}

function SsidList({ field, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  useSeed(value, onChange, [DEFAULT_SSID]);
  const list = parse<SsidConfig[]>(value, [DEFAULT_SSID]);
  const issues = useMemo(() => problems(ssidsSchema, list), [list]);
  const set = (next: SsidConfig[]) => onChange?.(JSON.stringify(next));
  const patch = (i: number, p: Partial<SsidConfig>) => set(list.map((s, k) => (k === i ? { ...s, ...p } : s)));
  return (
    <div data-testid={`field-${field}`}>
      {list.map((s, i) => {
        const id = (k: string) => `ssid-${i}-${k}`;
        const problem = (k: string) => issues.get(`${i}.${k}`);
        return (
          <Card
            key={i}
            size="small"
            title={t('template.ssid.title', { n: i + 1 })}
            style={{ marginBottom: 12 }}
            data-testid={`ssid-${i}`}
            extra={list.length > 1 && (
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => set(list.filter((_, k) => k !== i))} data-testid={id('remove')}>
                {t('template.ssid.remove')}
              </Button>
            )}
          >
            <Row gutter={12}>
              <Col xs={24} sm={12}>
                <Labelled label={t('template.ssid.name')} id={id('name')} problem={problem('name')}>
                  <Input id={id('name')} value={s.name} maxLength={64} onChange={(e) => patch(i, { name: e.target.value })} data-testid={id('name')} />
                </Labelled>
              </Col>
              <Col xs={24} sm={12}>
                <Labelled label={t('template.ssid.encryption')} id={id('encryption')} problem={problem('encryption')}>
                  <Select
                    id={id('encryption')}
                    style={{ width: '100%' }}
                    value={s.encryption}
                    onChange={(v) => patch(i, { encryption: v })}
                    options={[{ value: 'wpa2_psk', label: t('template.ssid.wpa2') }, { value: 'none', label: t('template.ssid.none') }]}
                    data-testid={id('encryption')}
                  />
                </Labelled>
              </Col>
              {s.encryption === 'wpa2_psk' && (
                <Col xs={24} sm={12}>
                  <Labelled label={t('template.ssid.password')} id={id('password')} problem={problem('password')}>
                    <Input.Password id={id('password')} value={s.password} maxLength={63} autoComplete="new-password" onChange={(e) => patch(i, { password: e.target.value })} data-testid={id('password')} />
                  </Labelled>
                </Col>
              )}
              <Col xs={12} sm={6}>
                <Labelled label={t('template.ssid.maxUsers')} id={id('max_users')} problem={problem('max_users')}>
                  <InputNumber id={id('max_users')} style={{ width: '100%' }} min={1} max={MAX_USERS_MAX} precision={0} value={s.max_users} onChange={(v) => patch(i, { max_users: v ?? 0 })} data-testid={id('max_users')} />
                </Labelled>
              </Col>
              <Col xs={12} sm={6}>
                <Labelled label={t('template.ssid.vlan')} id={id('vlan')} problem={problem('vlan')}>
                  <InputNumber id={id('vlan')} style={{ width: '100%' }} min={VLAN_MIN} max={VLAN_MAX} precision={0} value={s.vlan} onChange={(v) => patch(i, { vlan: v ?? 0 })} data-testid={id('vlan')} />
                </Labelled>
              </Col>
            </Row>
            <Space wrap size="large">
              {(['broadcast', 'isolation', 'kvr_disable'] as const).map((k) => (
                <Space key={k}>
                  <Switch id={id(k)} checked={s[k]} onChange={(v) => patch(i, { [k]: v })} data-testid={id(k)} />
                  <label htmlFor={id(k)}>{t(`template.ssid.${k === 'kvr_disable' ? 'kvrDisable' : k}`)}</label>
                </Space>
              ))}
            </Space>
          </Card>
        );
      })}
      {list.length < SSIDS_MAX && (
        <Button icon={<PlusOutlined />} onClick={() => set([...list, { ...DEFAULT_SSID, name: `${DEFAULT_SSID.name}-${list.length + 1}` }])} data-testid="ssid-add">
          {t('template.ssid.add')}
        </Button>
      )}
    </div>
  );
}

interface RadioShape { bandwidth: string; power: number; channel: number | 'auto' }

function radioPanel(band: '24' | '5') {
  const schema = band === '24' ? radio24Schema : radio5Schema;
  const seed: RadioShape = band === '24' ? DEFAULT_RADIO_24 : DEFAULT_RADIO_5;
  const bandwidths: readonly string[] = band === '24' ? BANDWIDTHS_24 : BANDWIDTHS_5;
  const channels: readonly number[] = band === '24' ? CHANNELS_24 : CHANNELS_5;
  function RadioPanel({ field, value, onChange }: WidgetProps) {
    const { t } = useTranslation();
    useSeed(value, onChange, seed);
    const r = parse<RadioShape>(value, seed);
    const issues = useMemo(() => problems(schema, r), [r]);
    const patch = (p: Partial<RadioShape>) => onChange?.(JSON.stringify({ ...r, ...p }));
    const id = (k: string) => `${field}-${k}`;
    return (
      <Card size="small" data-testid={`field-${field}`}>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Labelled label={t('template.radio.bandwidth')} id={id('bandwidth')} problem={issues.get('bandwidth')}>
              <Select
                id={id('bandwidth')}
                style={{ width: '100%' }}
                value={r.bandwidth}
                onChange={(v) => patch({ bandwidth: v })}
                options={bandwidths.map((b) => ({ value: b, label: t('template.radio.mhz', { n: b }) }))}
                data-testid={id('bandwidth')}
              />
            </Labelled>
          </Col>
          <Col xs={24} sm={8}>
            <Labelled label={t('template.radio.power')} id={id('power')} problem={issues.get('power')}>
              <InputNumber id={id('power')} style={{ width: '100%' }} min={POWER_MIN} max={POWER_MAX} precision={0} value={r.power} onChange={(v) => patch({ power: v ?? 0 })} data-testid={id('power')} />
            </Labelled>
          </Col>
          <Col xs={24} sm={8}>
            <Labelled label={t('template.radio.channel')} id={id('channel')} problem={issues.get('channel')}>
              <Select
                id={id('channel')}
                showSearch
                optionFilterProp="label"
                style={{ width: '100%' }}
                value={r.channel}
                onChange={(v) => patch({ channel: v })}
                options={[{ value: 'auto' as const, label: t('template.radio.auto') }, ...channels.map((c) => ({ value: c, label: String(c) }))]}
                data-testid={id('channel')}
              />
            </Labelled>
          </Col>
        </Row>
        <Typography.Text type="secondary">{t('template.radio.powerOff')}</Typography.Text>
      </Card>
    );
  }
  return RadioPanel;
}

export const apSsidsWidget: FormWidget = { Control: SsidList, validate: (v) => firstProblem(ssidsSchema, v) };
export const apRadio24Widget: FormWidget = { Control: radioPanel('24'), validate: (v) => firstProblem(radio24Schema, v) };
export const apRadio5Widget: FormWidget = { Control: radioPanel('5'), validate: (v) => firstProblem(radio5Schema, v) };
