import { useEffect, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { VARIABLES_MAX, VARIABLE_VALUE_MAX, configVariablesSchema } from '@gx/contract';
import type { FormWidget, WidgetProps } from '../../../resources/types';

interface Pair { name: string; value: string }

/** The stored JSON text as rows (anything unreadable as none: the form's rule says what is wrong). */
function pairsOf(text: unknown): Pair[] {
  if (typeof text !== 'string' || !text.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>).map(([name, value]) => ({ name, value: String(value) }));
  } catch {
    return [];
  }
}

const textOf = (pairs: Pair[]) => JSON.stringify(Object.fromEntries(pairs.map((p) => [p.name.trim(), p.value])));

/**
 * Configuration variables (name → value) as rows, stored as the JSON text the server checks with the same schema
 * (docs/config-variables.md). Used on the device form and, as defaults, on the template forms.
 */
export function ConfigVariablesEditor({ field, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const [pairs, setPairs] = useState<Pair[]>(() => pairsOf(value));
  // The form sets the value when it opens on a row: follow it unless it is what these rows already say.
  useEffect(() => {
    if (typeof value === 'string' && value !== textOf(pairs)) setPairs(pairsOf(value));
    // Only when the value changes from outside.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const update = (next: Pair[]) => {
    setPairs(next);
    onChange?.(textOf(next));
  };
  const id = (i: number, part: string) => `${field}-${i}-${part}`;
  return (
    <div data-testid={`${field}-editor`}>
      {pairs.map((p, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 8 }}>
          <Input
            aria-label={t('template.variables.name')}
            placeholder={t('template.variables.name')}
            style={{ width: '40%' }}
            value={p.name}
            maxLength={32}
            onChange={(e) => update(pairs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            data-testid={id(i, 'name')}
          />
          <Input
            aria-label={t('template.variables.value')}
            placeholder={t('template.variables.value')}
            value={p.value}
            maxLength={VARIABLE_VALUE_MAX}
            onChange={(e) => update(pairs.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            data-testid={id(i, 'value')}
          />
          <Button aria-label={t('template.variables.remove')} icon={<DeleteOutlined />} onClick={() => update(pairs.filter((_, j) => j !== i))} data-testid={id(i, 'remove')} />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} disabled={pairs.length >= VARIABLES_MAX} onClick={() => update([...pairs, { name: '', value: '' }])} data-testid={`${field}-add`}>
        {t('template.variables.add')}
      </Button>
      {!pairs.length && <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{t('template.variables.none')}</Typography.Text>}
    </div>
  );
}

/** The widget: rows in, the contract's check of the whole set as the form's rule. */
export const configVariablesWidget: FormWidget = {
  Control: ConfigVariablesEditor,
  validate: (v) => {
    if (typeof v !== 'string' || !v.trim()) return null;
    try {
      const r = configVariablesSchema.safeParse(JSON.parse(v));
      return r.success ? null : (r.error.issues[0]?.message ?? 'validation.variables');
    } catch {
      return 'validation.variables';
    }
  },
};
