import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { methodPath, type ActionView, type FieldDecl, type ResourceDecl } from '@gx/contract';
import { ApiError } from '../api/errors';
import { resourceClient } from '../api/resource';
import { FieldControl } from './FieldControl';
import { declRule } from './formRules';
import { toBody } from './formValues';
import { pick, useLang } from './useLang';
import { formName, validOrFocusFirst } from './validateForm';

interface Props {
  decl: ResourceDecl;
  /** The action asking for fields (reset password) and the row it acts on; null when closed. */
  target: { action: ActionView; id: number; name: string } | null;
  onClose: () => void;
  /** With the server's answer (a draw's outcome). */
  onDone: (answer: unknown) => void;
}

/** The small form of a custom row action: its declared fields, checked like the add form, then the action call. */
export function ActionForm({ decl, target, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const fields = target?.action.fields ?? [];
  const okProps: ButtonProps & { 'data-testid': string } = { danger: target?.action.danger, 'data-testid': 'action-form-submit' };

  const submit = async () => {
    if (!target) return;
    const values = await validOrFocusFirst(form, formName('action', decl.key));
    if (!values) return;
    setSaving(true);
    try {
      // The fields are filled like a new row's (a password is required and sent hashed).
      const answer = await resourceClient(decl.path, (m) => methodPath(decl, m)).action(target.action.method, { id: target.id }, toBody(decl, values, 'add', fields));
      onDone(answer);
    } catch (e) {
      if (e instanceof ApiError && e.field && fields.includes(e.field)) form.setFields([{ name: e.field, errors: [e.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={target ? `${pick(target.action.label, lang)} · ${target.name}` : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={okProps}
      wrapProps={{ 'data-testid': 'action-form' }}
    >
      {target?.action.confirm && <Alert type="warning" showIcon title={pick(target.action.confirm, lang)} className="gx-action-confirm" />}
      <Form form={form} name={formName('action', decl.key)} layout="vertical" preserve={false}>
        {fields.map((name) => {
          const f = decl.fields[name] as FieldDecl | undefined;
          if (!f) return null;
          const isRequired = !target?.action.optional?.includes(name);
          const required = { ...f, required: isRequired };
          return (
            <Form.Item
              key={name}
              name={name}
              label={pick(f.label, lang)}
              required={isRequired}
              extra={pick(f.help, lang) || undefined}
              rules={[declRule(required, lang, t('resource.requiredField', { label: pick(f.label, lang) }))]}
            >
              <FieldControl name={name} decl={f} />
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
