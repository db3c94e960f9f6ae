import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { methodPath, type ActionView, type BatchResult, type FieldDecl, type ResourceDecl } from '@gx/contract';
import { ApiError } from '../api/errors';
import { toast } from '../api/feedback';
import { resourceClient } from '../api/resource';
import { FieldControl } from './FieldControl';
import { declRule } from './formRules';
import { toBody } from './formValues';
import { pick, useLang } from './useLang';
import { formName, validOrFocusFirst } from './validateForm';

interface Props {
  decl: ResourceDecl;
  /**
   * The action asking for fields (reset password, a moderation reason) and the rows it acts on, with how a person
   * names the first; null when closed.
   */
  target: ActionTarget | null;
  onClose: () => void;
  /** With the server's answer (a draw's outcome) for one row. */
  onDone: (answer: unknown) => void;
  /** With the per-row answer when the form was filled for several rows. */
  onBatchDone: (result: BatchResult) => void;
}

export interface ActionTarget { action: ActionView; ids: number[]; name: string }

/**
 * The small form of an action: its declared fields, checked like the add form, then the action call — for one row,
 * or, where the action is declared for several, once for all the selected rows (answered row by row).
 */
export function ActionForm({ decl, target, onClose, onDone, onBatchDone }: Props) {
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
      const body = toBody(decl, values, 'add', fields);
      const client = resourceClient(decl.path, (m) => methodPath(decl, m));
      const [id] = target.ids;
      if (target.ids.length > 1) onBatchDone(await client.batch(target.action.method, target.ids, body));
      else if (id !== undefined) onDone(await client.action(target.action.method, { id }, body));
    } catch (e) {
      // A batch is silent: a refusal of the whole call is said here.
      if (target.ids.length > 1) toast('error', e instanceof Error && e.message ? e.message : t('request.error'));
      if (e instanceof ApiError && e.field && fields.includes(e.field)) form.setFields([{ name: e.field, errors: [e.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={!target ? '' : target.ids.length > 1
        ? t('resource.actionFormMany', { action: pick(target.action.label, lang), count: target.ids.length })
        : `${pick(target.action.label, lang)} · ${target.name}`}
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
