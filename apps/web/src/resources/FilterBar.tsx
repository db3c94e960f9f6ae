import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { booleanOptions, type FieldDecl, type FilterDecl, type ResourceDecl } from '@gx/contract';
import { RefSelect } from './RefSelect';
import { filterBody } from './filterValues';
import { pick, useLang } from './useLang';

interface Props {
  decl: ResourceDecl;
  /** Filters the page fixes itself (a members tab's organisation); not offered to the user. */
  hidden?: readonly string[];
  onApply: (filters: Record<string, unknown>) => void;
}

type Range = [number | null, number | null];

/** Two numbers, from … to, as one form value. */
function NumberRange({ value, onChange }: { value?: Range; onChange?: (v: Range) => void }) {
  const { t } = useTranslation();
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber<number> value={from} onChange={(v) => onChange?.([v, to])} placeholder={t('resource.from')} />
      <InputNumber<number> value={to} onChange={(v) => onChange?.([from, v])} placeholder={t('resource.to')} />
    </Space.Compact>
  );
}

interface ControlProps {
  flt: FilterDecl<string>;
  f: FieldDecl;
  name: string;
  /** Given by Form.Item. */
  value?: never;
  onChange?: never;
}

/** The control of one filter; Form.Item's value and onChange pass through to it. */
function FilterControl({ flt, f, name, ...bound }: ControlProps) {
  const lang = useLang();
  const label = pick(f.label, lang);
  const testId = `filter-${name}`;
  if (flt.kind === 'range') {
    if (f.type === 'datetime') return <DatePicker.RangePicker {...bound} allowEmpty={[true, true]} data-testid={testId} />;
    return <NumberRange {...bound} />;
  }
  if (flt.kind === 'eq') {
    if (f.type === 'select' || f.type === 'boolean') {
      // Yes/no filters send 1/0, which the server reads as true/false.
      const options = (f.type === 'boolean' ? booleanOptions : (f.options ?? [])).map((o) => ({ value: o.value, label: o.label[lang] }));
      return <Select<string | number> {...bound} allowClear placeholder={label} options={options} style={{ minWidth: 140 }} data-testid={testId} />;
    }
    if ((f.type === 'ref' || f.type === 'refMany') && f.ref) return <RefSelect {...bound} resource={f.ref.resource} placeholder={label} testId={testId} />;
    if (f.type === 'integer' || f.type === 'number') return <InputNumber<number> {...bound} placeholder={label} style={{ width: 140 }} data-testid={testId} />;
  }
  return <Input {...bound} allowClear placeholder={label} maxLength={f.max ?? 255} data-testid={testId} />;
}

/** The list's filters as the declaration names them (exact, prefix, range), plus its keyword box. */
export function FilterBar({ decl, hidden = [], onApply }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const filters = decl.list.filters.filter((flt) => !hidden.includes(flt.field) && decl.fields[flt.field]);
  if (!filters.length && !decl.list.keyword) return null;
  const apply = () => onApply(filterBody(decl, form.getFieldsValue()));

  return (
    <Form form={form} layout="inline" className="gx-filter-bar" onFinish={apply} data-testid="filter-bar">
      {decl.list.keyword && (
        <Form.Item name="keyword">
          <Input allowClear placeholder={pick(decl.list.keyword.placeholder, lang)} maxLength={64} prefix={<SearchOutlined />} data-testid="filter-keyword" />
        </Form.Item>
      )}
      {filters.map((flt) => {
        const f = decl.fields[flt.field] as FieldDecl;
        return (
          <Form.Item key={flt.field} name={flt.field} label={flt.kind === 'range' ? pick(f.label, lang) : undefined}>
            <FilterControl flt={flt} f={f} name={flt.field} />
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
}
