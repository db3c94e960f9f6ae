import { useEffect, useState } from 'react';
import { Badge, Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space } from 'antd';
import { FilterOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { booleanOptions, type FieldDecl, type FilterDecl, type ResourceDecl } from '@gx/contract';
import { RefSelect } from './RefSelect';
import { filterBody, filterControlValues } from './filterValues';
import { pick, useLang } from './useLang';
import { formName } from './validateForm';

interface Props {
  decl: ResourceDecl;
  /** Filters the page fixes itself (a members tab's organisation); not offered to the user. */
  hidden?: readonly string[];
  /** The filters in force (from the URL): the controls show them. */
  value: Record<string, unknown>;
  onApply: (filters: Record<string, unknown>) => void;
  /** Small screens: a button opening the filters in a drawer, so the page never widens. */
  folded?: boolean;
}

type Range = [number | null, number | null];

/** Two numbers, from … to, as one form value. */
function NumberRange({ value, onChange }: { value?: Range; onChange?: (v: Range) => void }) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber<number> value={from} onChange={(v) => onChange?.([v, to])} placeholder={t('resource.from')} aria-label={t('resource.from')} />
      <InputNumber<number> value={to} onChange={(v) => onChange?.([from, v])} placeholder={t('resource.to')} aria-label={t('resource.to')} />
    </Space.Compact>
  );
}

type DayRange = [Dayjs | null, Dayjs | null];

/**
 * A date range as two single pickers, stacked: on a phone antd's range picker opens two months side by side,
 * wider than the screen, so the page would widen (issue 18 point 3). The value is the range picker's pair.
 */
function StackedDateRange({ id, value, onChange, testId }: { id?: string; value?: DayRange | null; onChange?: (v: DayRange) => void; testId: string }) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  return (
    <div className="gx-filter-date-range" data-testid={testId}>
      {/* The field's label names the first picker (Form.Item gives the id); each says from or to. */}
      <DatePicker id={id} value={from} onChange={(v: Dayjs | null) => onChange?.([v, to])} placeholder={t('resource.from')} aria-label={t('resource.from')} data-testid={`${testId}-from`} />
      <DatePicker value={to} onChange={(v: Dayjs | null) => onChange?.([from, v])} placeholder={t('resource.to')} aria-label={t('resource.to')} data-testid={`${testId}-to`} />
    </div>
  );
}

interface ControlProps {
  flt: FilterDecl<string>;
  f: FieldDecl;
  name: string;
  /** A phone's folded filters: a date range becomes two stacked single pickers. */
  folded: boolean;
  /** Given by Form.Item. */
  value?: never;
  onChange?: never;
}

/** The control of one filter; Form.Item's value and onChange pass through to it. */
function FilterControl({ flt, f, name, folded, ...bound }: ControlProps) {
  const lang = useLang();
  const label = pick(f.label, lang);
  const testId = `filter-${name}`;
  if (flt.kind === 'range') {
    if (f.type === 'datetime') {
      if (folded) return <StackedDateRange {...bound} testId={testId} />;
      return <DatePicker.RangePicker {...bound} allowEmpty={[true, true]} data-testid={testId} className="gx-filter-range" />;
    }
    return <NumberRange {...bound} />;
  }
  if (flt.kind === 'eq') {
    if (f.type === 'select' || f.type === 'boolean') {
      // Yes/no filters send 1/0, which the server reads as true/false.
      const options = (f.type === 'boolean' ? booleanOptions : (f.options ?? [])).map((o) => ({ value: o.value, label: o.label[lang] }));
      return <Select<string | number> {...bound} allowClear placeholder={label} aria-label={label} options={options} style={{ minWidth: 140 }} data-testid={testId} />;
    }
    if ((f.type === 'ref' || f.type === 'refMany') && f.ref) return <RefSelect {...bound} resource={f.ref.resource} placeholder={label} testId={testId} />;
    if (f.type === 'integer' || f.type === 'number') return <InputNumber<number> {...bound} placeholder={label} aria-label={label} style={{ width: 140 }} data-testid={testId} />;
  }
  return <Input {...bound} allowClear placeholder={label} aria-label={label} maxLength={f.max ?? 255} data-testid={testId} />;
}

/** The list's filters as the declaration names them (exact, prefix, range), plus its keyword box. */
export function FilterBar({ decl, hidden = [], value, onApply, folded = false }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [open, setOpen] = useState(false);
  const valueKey = JSON.stringify(value);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(filterControlValues(decl, JSON.parse(valueKey) as Record<string, unknown>, (iso) => dayjs(iso)));
  }, [decl, form, valueKey]);
  const filters = decl.list.filters.filter((flt) => !hidden.includes(flt.field) && decl.fields[flt.field]);
  if (!filters.length && !decl.list.keyword) return null;
  const apply = () => {
    setOpen(false);
    onApply(filterBody(decl, form.getFieldsValue()));
  };
  const active = Object.keys(value).filter((k) => !hidden.some((h) => k === h || k.startsWith(`${h}_`))).length;

  const body = (
    <Form form={form} name={formName('filter', decl.key)} layout={folded ? 'vertical' : 'inline'} className="gx-filter-bar" onFinish={apply} data-testid="filter-bar">
      {decl.list.keyword && (
        <Form.Item name="keyword" label={folded ? t('resource.search') : undefined}>
          <Input
            allowClear
            placeholder={pick(decl.list.keyword.placeholder, lang)}
            aria-label={pick(decl.list.keyword.placeholder, lang)}
            maxLength={64}
            prefix={<SearchOutlined />}
            data-testid="filter-keyword"
          />
        </Form.Item>
      )}
      {filters.map((flt) => {
        const f = decl.fields[flt.field] as FieldDecl;
        return (
          <Form.Item key={flt.field} name={flt.field} label={flt.kind === 'range' || folded ? pick(f.label, lang) : undefined}>
            <FilterControl flt={flt} f={f} name={flt.field} folded={folded} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
            {t('resource.search')}
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              form.resetFields();
              apply();
            }}
            data-testid="filter-reset"
          >
            {t('resource.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
  if (!folded) return body;
  return (
    <>
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="filter-open">
          {t('resource.filters')}
        </Button>
      </Badge>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('resource.filters')} placement="bottom" size="80%" forceRender data-testid="filter-drawer">
        {body}
      </Drawer>
    </>
  );
}
