import { useEffect, useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { validationText, type ResourceDecl } from '@gx/contract';
import { requestData } from '../../../api/request';
import { ApiError } from '../../../api/errors';
import { useLang } from '../../../resources/useLang';
import { ConfigVariablesEditor, configVariablesWidget } from './ConfigVariablesEditor';

/** The contract's check of the set, as a form rule's answer. */
function problemOf(value: unknown, lang: ReturnType<typeof useLang>): Promise<void> {
  const problem = configVariablesWidget.validate?.(value);
  return problem ? Promise.reject(new Error(validationText(problem, lang) ?? problem)) : Promise.resolve();
}

interface Props {
  decl: ResourceDecl;
  open: boolean;
  onClose: () => void;
}

/**
 * The organisation's configuration variables (one set for every template kind): below each device's own, above
 * the templates' defaults. Saved values reach devices at the next apply.
 */
export function OrgVariablesDialog({ decl, open, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<{ variables: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    requestData<{ variables: string }>(decl.path, { method: 'org_variables' }, { quietSuccess: true })
      .then((a) => form.setFieldsValue({ variables: a.variables }))
      .catch(() => undefined);
  }, [open, decl.path, form]);
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await requestData(decl.path, { method: 'set_org_variables', variables: v.variables ?? '{}' });
      onClose();
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: 'variables', errors: [e.message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('template.orgVariables.title')} onOk={() => void save()} onCancel={onClose} confirmLoading={saving} destroyOnHidden width={640} wrapProps={{ 'data-testid': 'org-variables' }}>
      <Alert type="info" showIcon title={t('template.orgVariables.hint', { example: '{{ site }}' })} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="variables" rules={[{ validator: (_, value: unknown) => problemOf(value, lang) }]}>
          <ConfigVariablesEditor field="org_variables" decl={{ type: 'textarea', label: { zh_CN: '', en: '' } }} form={form} mode="update" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
