import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormWidget, WidgetProps } from '../../../resources/types';

/** A price in integer cents (fen), with what it is in yuan beside it, so 9990 reads as ≈ ¥99.90. */
function CentsInput({ field, decl, value, onChange, id }: WidgetProps & { id?: string }) {
  const { t } = useTranslation();
  const cents = typeof value === 'number' ? value : null;
  return (
    <InputNumber
      id={id ?? field}
      data-testid={`field-${field}`}
      style={{ width: '100%' }}
      min={decl.min ?? 0}
      max={decl.max}
      precision={0}
      step={100}
      value={cents}
      onChange={(v) => onChange?.(v ?? undefined)}
      suffix={cents !== null ? t('marketing.yuan', { amount: (cents / 100).toFixed(2) }) : undefined}
    />
  );
}

export const centsWidget: FormWidget = { Control: CentsInput };
