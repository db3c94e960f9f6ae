import { useMemo } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from '@gx/contract';
import { useUserStore } from '../../../store/user';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';

/** Scopes travel as comma-separated permission keys; here they are chosen from the keys the user holds. */
const keysOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : []);

function ScopesControl({ field, decl, value, onChange }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const held = useUserStore((s) => s.btnlist);
  const options = useMemo(() => {
    const keys = [...new Set([...held, ...keysOf(value)])].sort();
    return keys.map((key) => {
      const label = permissionLabel(key);
      return { value: key, label: label ? `${pick(label, lang)} (${key})` : key };
    });
  }, [held, value, lang]);
  return (
    <Select
      mode="multiple"
      value={keysOf(value)}
      onChange={(keys: string[]) => onChange?.(keys.join(','))}
      options={options}
      optionFilterProp="label"
      allowClear
      maxTagCount="responsive"
      placeholder={t('dc.scopesPlaceholder')}
      aria-label={pick(decl.label, lang)}
      data-testid={`field-${field}`}
      style={{ width: '100%' }}
    />
  );
}

export const serviceScopesWidget: FormWidget = { Control: ScopesControl };
