import { Button, Checkbox, Popover, Segmented, Space, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl } from '@gx/contract';
import type { ColumnPrefs, Density } from './useColumnPrefs';
import { pick, useLang } from './useLang';

interface Props {
  decl: ResourceDecl;
  prefs: ColumnPrefs;
  /** The columns showing now (automatic fit or the user's choice). */
  shown: readonly string[];
  onChange: (next: ColumnPrefs | null) => void;
}

/** ProTable's column settings: show / hide and order the columns, choose the density; remembered per user. */
export function ColumnSettings({ decl, prefs, shown, onChange }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = (field: string) => pick(decl.fields[field]?.label ?? { zh_CN: field, en: field }, lang);
  const move = (i: number, by: -1 | 1) => {
    const order = [...prefs.order];
    const [f] = order.splice(i, 1);
    order.splice(i + by, 0, f as string);
    onChange({ ...prefs, order, shown: [...shown] });
  };
  const toggle = (field: string, on: boolean) => {
    const next = on ? [...shown, field] : shown.filter((f) => f !== field);
    onChange({ ...prefs, shown: prefs.order.filter((f) => next.includes(f)) });
  };
  const content = (
    <div className="gx-column-settings" data-testid="column-settings">
      <Typography.Text strong>{t('resource.density')}</Typography.Text>
      <Segmented<Density>
        block
        size="small"
        value={prefs.density}
        onChange={(density) => onChange({ ...prefs, density, shown: prefs.shown })}
        options={[
          { value: 'large', label: t('resource.densityLarge') },
          { value: 'middle', label: t('resource.densityMiddle') },
          { value: 'small', label: t('resource.densitySmall') },
        ]}
        data-testid="column-density"
      />
      <Typography.Text strong>{t('resource.columnsShown')}</Typography.Text>
      <ul className="gx-column-list">
        {prefs.order.map((field, i) => (
          <li key={field}>
            <Checkbox checked={shown.includes(field)} onChange={(e) => toggle(field, e.target.checked)} data-testid={`column-toggle-${field}`}>
              {label(field)}
            </Checkbox>
            <Space size={0}>
              <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('resource.moveUp', { name: label(field) })} />
              <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === prefs.order.length - 1} onClick={() => move(i, 1)} aria-label={t('resource.moveDown', { name: label(field) })} />
            </Space>
          </li>
        ))}
      </ul>
      <Button size="small" onClick={() => onChange(null)} data-testid="column-reset">
        {t('resource.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('resource.columnSettings')}>
      <Button icon={<SettingOutlined />} aria-label={t('resource.columnSettings')} title={t('resource.columnSettings')} data-testid="toolbar-columns" />
    </Popover>
  );
}
