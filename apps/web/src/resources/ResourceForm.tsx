import { useEffect, useState, type ComponentType } from 'react';
import { Button, Col, Drawer, Form, Input, Row as GridRow, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validationText, type FieldDecl, type Lang, type ResourceDecl } from '@gx/contract';
import { ApiError } from '../api/errors';
import { resourceClient, type Row } from '../api/resource';
import { useAppStore } from '../store/app';
import { FieldControl } from './FieldControl';
import { declRule } from './formRules';
import { formFields, initialValues, toBody, type FormMode } from './formValues';
import type { ResourceParts, WidgetProps } from './types';
import { useRowLabel } from './rowLabel';
import { pick, useLang } from './useLang';
import { formName, validOrFocusFirst } from './validateForm';

interface Props {
  decl: ResourceDecl;
  parts: ResourceParts;
  /** Add when null; update of this row otherwise. */
  editing: { mode: FormMode; id?: number } | null;
  /** Values the add form starts with and sends whatever the user does (a members tab adds into its organisation). */
  fixed?: Record<string, unknown>;
  onClose: () => void;
  onSaved: (row: Row) => void;
}

/** A custom control; Form.Item gives it value and onChange like any other. */
/** The extra check a widget makes of its structured value, as a form rule. */
function widgetRules(f: FieldDecl, parts: ResourceParts, lang: Lang) {
  const validate = f.widget ? parts.widgets?.[f.widget]?.validate : undefined;
  if (!validate) return [];
  return [{
    validator: (_: unknown, value: unknown) => {
      const problem = validate(value);
      return problem ? Promise.reject(new Error(validationText(problem, lang) ?? problem)) : Promise.resolve();
    },
  }];
}

function WidgetHost({ widget: Control, ...props }: WidgetProps & { widget: ComponentType<WidgetProps> }) {
  return <Control {...props} />;
}

/**
 * The add / edit form of a resource, laid out as its declaration says (sections, one or two columns), with the
 * control per field type, inline messages from the declaration's rules, and the server's refusal shown on the field
 * it names.
 */
export function ResourceForm({ decl, parts, editing, fixed = {}, onClose, onSaved }: Props) {
  const nameOf = useRowLabel(decl);
  const { t } = useTranslation();
  const lang = useLang();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const mode = editing?.mode ?? 'add';
  const id = editing?.id;
  const client = resourceClient(decl.path);
  const current = useQuery({
    queryKey: [decl.key, 'detail', id],
    queryFn: () => client.detail(id as number),
    enabled: editing !== null && mode === 'update' && id !== undefined,
    staleTime: 0,
  });
  const ready = mode === 'add' || current.data !== undefined;

  useEffect(() => {
    if (editing === null || !ready) return;
    form.resetFields();
    form.setFieldsValue({ ...initialValues(decl, mode, current.data), ...(mode === 'add' ? fixed : {}) });
    // `fixed` is a fresh object on each render of the caller; its content only matters when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, ready, current.data, decl, mode, form]);

  const fields = formFields(decl, mode);
  const coveredByWidget = new Set(
    fields.flatMap((name) => {
      const w = decl.fields[name]?.widget;
      return w ? (parts.widgets?.[w]?.edits ?? []).filter((other) => other !== name) : [];
    }),
  );

  const submit = async () => {
    const values = await validOrFocusFirst(form, formName('form', decl.key));
    if (!values) return;
    setSaving(true);
    try {
      const body = { ...toBody(decl, values, mode, fields), ...(mode === 'add' ? fixed : {}) };
      const row = mode === 'add' ? await client.add(body) : await client.update(id as number, body);
      onSaved(row);
    } catch (e) {
      // The server names the field it refused; show its message there (the request wrapper toasts it too).
      // A structured field's refusal names the nested key (`ssids.0.password`): shown on the field that holds it.
      const named = e instanceof ApiError && e.field ? e.field.split('.')[0]! : '';
      if (e instanceof ApiError && fields.includes(named)) form.setFields([{ name: named, errors: [e.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const control = (name: string, f: FieldDecl) => {
    const widget = f.widget ? parts.widgets?.[f.widget] : undefined;
    if (widget) return <WidgetHost widget={widget.Control} field={name} decl={f} form={form} mode={mode} />;
    return <FieldControl name={name} decl={f} disabled={name in fixed} resourcePath={decl.path} />;
  };

  const span = decl.form?.columns === 2 && !mobile ? 12 : 24;
  const title = mode === 'update' && current.data
    ? t('resource.editTitle', { title: pick(decl.title, lang), name: nameOf(current.data) })
    : `${pick(decl.title, lang)} · ${t(mode === 'add' ? 'resource.add' : 'resource.edit')}`;
  // On edit, a field set only when adding (the username) still shows in its section, read-only, so the section
  // says whose account it is.
  const shownIn = (names: readonly string[]) => names.filter((n) => fields.includes(n) || (mode === 'update' && isReadOnlyHere(n)));
  const isReadOnlyHere = (n: string) => {
    const f = decl.fields[n];
    return Boolean(f && f.editable === 'add' && !f.writeOnly);
  };

  return (
    <Drawer
      open={editing !== null}
      onClose={onClose}
      title={title}
      size={mobile ? '100%' : decl.form?.columns === 2 ? 720 : 520}
      destroyOnHidden
      data-testid="resource-form"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={() => void submit()} data-testid="resource-form-submit">
            {t('resource.save')}
          </Button>
        </Space>
      }
    >
      {!ready ? (
        <Spin />
      ) : (
        <Form form={form} name={formName('form', decl.key)} layout="vertical" requiredMark onFinish={() => void submit()} data-testid={`resource-form-${mode}`}>
          {(decl.form?.sections ?? []).map((section, i) => {
            const shown = shownIn(section.fields);
            if (!shown.length) return null;
            return (
              <section key={i} className="gx-form-section">
                {section.title && <h4 className="gx-form-section-title">{pick(section.title, lang)}</h4>}
                <GridRow gutter={16}>
                  {shown.map((name) => {
                    const f = decl.fields[name] as FieldDecl;
                    if (!fields.includes(name)) {
                      const id = `resource-form-readonly-${name}`;
                      return (
                        <Col key={name} span={span}>
                          <Form.Item label={pick(f.label, lang)} htmlFor={id}>
                            <Input id={id} value={String(current.data?.[name] ?? '')} readOnly variant="filled" data-testid={`field-${name}`} />
                          </Form.Item>
                        </Col>
                      );
                    }
                    if (coveredByWidget.has(name)) {
                      return <Form.Item key={name} name={name} hidden noStyle />;
                    }
                    const wide = f.type === 'textarea' || f.type === 'richtext' || f.type === 'refMany' || Boolean(f.widget);
                    return (
                      <Col key={name} span={wide ? 24 : span}>
                        <Form.Item
                          name={name}
                          label={pick(f.label, lang)}
                          required={Boolean(f.required)}
                          rules={[declRule(f, lang, t('resource.requiredField', { label: pick(f.label, lang) })), ...widgetRules(f, parts, lang)]}
                          extra={pick(f.help, lang) || undefined}
                        >
                          {control(name, f)}
                        </Form.Item>
                      </Col>
                    );
                  })}
                </GridRow>
              </section>
            );
          })}
        </Form>
      )}
    </Drawer>
  );
}
