import { Select } from 'antd';
import { DEVICE_FAMILIES, DEVICE_FAMILY_LABELS, pluginFamiliesOf } from '@gx/contract';
import { useLang } from '../../../resources/useLang';
import type { FormWidget, WidgetProps } from '../../../resources/types';

/** The device families a plugin applies to: a multi-select of the existing families, stored comma-separated. */
function PluginFamilies({ value, onChange }: WidgetProps) {
  const lang = useLang();
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid="plugin-families"
      value={pluginFamiliesOf(typeof value === 'string' ? value : '')}
      onChange={(v: string[]) => onChange?.(v.join(','))}
      options={DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f][lang] }))}
    />
  );
}

export const pluginFamiliesWidget: FormWidget = { Control: PluginFamilies };
