import { Form, Select } from 'antd';
import { COMMAND_NAME_LABELS, DEVICE_FAMILIES, FAMILY_COMMANDS, parseCommandList, type DeviceFamily } from '@gx/contract';
import { useLang } from '../../../resources/useLang';
import type { FormWidget, WidgetProps } from '../../../resources/types';

/** A model's supported commands: a multi-select of the commands its family has, stored comma-separated. */
function CommandSet({ value, onChange, form }: WidgetProps) {
  const lang = useLang();
  const family = Form.useWatch('family', form) as DeviceFamily | undefined;
  const allowed = family && DEVICE_FAMILIES.includes(family) ? FAMILY_COMMANDS[family] : [];
  const chosen = parseCommandList(typeof value === 'string' ? value : '');
  return (
    <Select
      mode="multiple"
      allowClear
      data-testid="model-commands"
      value={chosen}
      onChange={(v: string[]) => onChange?.(v.join(','))}
      options={allowed.map((c) => ({ value: c, label: COMMAND_NAME_LABELS[c][lang] }))}
    />
  );
}

export const commandSetWidget: FormWidget = { Control: CommandSet };
