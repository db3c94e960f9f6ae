import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resignationSuccession } from '../../api/profile';
import { DebouncedButton } from '../../components/DebouncedButton';
import { PersonPicker } from './PersonPicker';
import type { DialogBaseProps } from './types';
import { useCloseAndReloadProfile } from './useReloadProfile';

interface Values {
  quit_id: number;
  inherit_id: number;
}

/**
 * Leave inheritance (SPEC §2, §5): the leaving employee's roles and records pass to the inheritor. Both pickers are
 * required (checked on change). A refused handover closes the dialog and reloads the profile (SPEC §4).
 */
export default function SuccessionDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
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
      await resignationSuccession(values.quit_id, values.inherit_id);
      close();
    } catch {
      failed();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('succession.title')}
      onCancel={close}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" danger loading={saving} onClick={() => void submit()} data-testid="succession-submit">
          {t('common.ok')}
        </DebouncedButton>,
      ]}
    >
      <Alert type="warning" showIcon title={t('succession.notice')} className="gx-dialog-note" />
      <Form form={form} layout="vertical" validateTrigger="onChange" data-testid="succession-form">
        <Form.Item name="quit_id" label={t('succession.quit')} rules={[{ required: true, message: t('validation.quitRequired') }]}>
          <PersonPicker placeholder={t('succession.search')} testId="succession-quit" />
        </Form.Item>
        <Form.Item name="inherit_id" label={t('succession.inherit')} rules={[{ required: true, message: t('validation.inheritRequired') }]}>
          <PersonPicker placeholder={t('succession.search')} testId="succession-inherit" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
