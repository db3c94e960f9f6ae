import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import type { FieldDecl } from '@gx/contract';
import { MenuIcon } from '../layout/Sidebar/menuIcons';
import { ImageUploadField } from './ImageUploadField';
import { RefSelect } from './RefSelect';
import { RichTextField } from './richText/RichTextField';
import { useLang, pick } from './useLang';

interface Props {
  name: string;
  decl: FieldDecl;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Given by Form.Item: the control's id, so its label is bound to it (clicking the label focuses the field). */
  id?: string;
  /** The resource's path: a rich-text field's image button uploads through its declared `upload` method there. */
  resourcePath?: string;
}

const DEFAULT_MAX: Partial<Record<FieldDecl['type'], number>> = { text: 255, textarea: 2000, richtext: 200_000, image: 2048, icon: 64, password: 64 };

/** The control of one field, by its declared type. Antd's Form.Item passes value/onChange. */
export function FieldControl({ name, decl: f, value, onChange, disabled, id, resourcePath }: Props) {
  const lang = useLang();
  const testId = `field-${name}`;
  const placeholder = pick(f.placeholder, lang) || undefined;
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const maxLength = f.max ?? DEFAULT_MAX[f.type];
  switch (f.type) {
    case 'textarea':
      return (
        <Input.TextArea value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={maxLength} showCount autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder={placeholder} disabled={disabled} id={id} data-testid={testId} />
      );
    case 'richtext':
      return (
        <RichTextField value={text} onChange={onChange} id={id} testId={testId} disabled={disabled}
          uploadTo={f.upload && resourcePath ? { path: resourcePath, method: f.upload } : undefined}
          wordImportTo={f.wordImport && resourcePath ? { path: resourcePath, method: f.wordImport } : undefined} />
      );
    case 'password':
      return <Input.Password value={text} onChange={(e) => onChange?.(e.target.value)} autoComplete="new-password" placeholder={placeholder} disabled={disabled} id={id} data-testid={testId} />;
    case 'integer': case 'number':
      return (
        <InputNumber<number>
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange?.(v ?? undefined)}
          min={f.min}
          max={f.max}
          precision={f.type === 'integer' ? 0 : undefined}
          style={{ width: '100%' }}
          placeholder={placeholder}
          disabled={disabled}
          id={id}
          data-testid={testId}
        />
      );
    case 'boolean':
      return <Switch checked={value === true} onChange={(v) => onChange?.(v)} disabled={disabled} id={id} data-testid={testId} />;
    case 'select':
      return (
        <Select<string | number>
          value={value as string | number | undefined}
          onChange={(v) => onChange?.(v)}
          options={(f.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }))}
          allowClear={!f.required}
          placeholder={placeholder}
          disabled={disabled}
          id={id}
          data-testid={testId}
        />
      );
    case 'ref': case 'refMany':
      return f.ref ? (
        <RefSelect resource={f.ref.resource} multiple={f.type === 'refMany'} value={value} onChange={onChange} placeholder={placeholder} disabled={disabled} testId={testId} id={id} />
      ) : null;
    case 'datetime':
      return (
        <DatePicker showTime value={value ? dayjs(String(value)) : null} onChange={(d) => onChange?.(d ? d.toISOString() : undefined)}
          style={{ width: '100%' }} disabled={disabled} id={id} data-testid={testId} />
      );
    case 'icon':
      return (
        <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={maxLength} placeholder={placeholder} disabled={disabled}
          prefix={text ? <MenuIcon name={text} /> : undefined} id={id} data-testid={testId} />
      );
    case 'image':
      if (f.upload && resourcePath) {
        return <ImageUploadField field={name} decl={f} value={text} onChange={onChange} disabled={disabled} id={id} uploadTo={{ path: resourcePath, method: f.upload }} />;
      }
      return (
        <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={maxLength} placeholder={placeholder} disabled={disabled}
          suffix={text ? <img className="gx-field-image" src={text} alt="" /> : undefined} id={id} data-testid={testId} />
      );
    case 'json':
      return <pre className="gx-json">{JSON.stringify(value, null, 2)}</pre>;
    default:
      return <Input value={text} onChange={(e) => onChange?.(e.target.value)} maxLength={maxLength} placeholder={placeholder} disabled={disabled} id={id} data-testid={testId} />;
  }
}
