import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { provisioningCsv } from '../../../api/device';
import { downloadExport } from '../../../resources/exportDownload';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The provisioning CSV of a batch in stock (`serial,secret,family,model`), what the factory flashes and the device
 * simulator plays (`npm run sim -- --csv <file>`). Every unit gets a new secret: an earlier file stops working.
 */
export function ProvisioningDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ batch: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!v) return;
    setSaving(true);
    try {
      downloadExport(await provisioningCsv({ batch: v.batch.trim() }));
      onClose();
    } catch {
      // The request wrapper has said why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('device.provisioning.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden wrapProps={{ 'data-testid': 'provisioning-dialog' }}>
      <Alert type="warning" showIcon title={t('device.provisioning.newSecrets')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="batch" label={t('device.provisioning.batch')} rules={[requiredRule(t, t('device.provisioning.batch')), { max: 64 }]}>
          <Input data-testid="provisioning-batch" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
