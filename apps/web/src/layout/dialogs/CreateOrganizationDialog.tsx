import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { createOrganization } from '../../api/organization';
import { DebouncedButton } from '../../components/DebouncedButton';
import type { DialogBaseProps } from './types';
import { useCloseAndReloadProfile } from './useReloadProfile';

/**
 * Create an organisation (SPEC §2). The creator becomes its owner and works in it from now on, so the console
 * reloads into it. A refused name closes the dialog and reloads the profile (SPEC §4).
 */
export default function CreateOrganizationDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const failed = useCloseAndReloadProfile(close);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await createOrganization(values.name);
      location.reload();
    } catch {
      setSaving(false);
      failed();
    }
  };

  return (
    <Modal
      open={open}
      title={t('organization.create')}
      onCancel={close}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" loading={saving} onClick={() => void submit()} data-testid="create-org-submit">
          {t('common.ok')}
        </DebouncedButton>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('organization.name')} rules={[{ required: true, whitespace: true, message: t('validation.orgNameRequired') }]}>
          <Input maxLength={64} placeholder={t('organization.namePlaceholder')} autoComplete="off" data-testid="create-org-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
