import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_FAMILIES, DEVICE_FAMILY_LABELS, FIRMWARE_MAX_BYTES, FIRMWARE_MODELS_RE, FIRMWARE_VERSION_RE, firmwareResource, validationText,
} from '@gx/contract';
import { toast } from '../../../api/feedback';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';
import { uploadFirmware } from '../api';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface Values { version: string; family: string; models?: string; notes?: string }

/**
 * Uploads a firmware package: the file and its version, family, models and release notes. Size and SHA-256 come
 * from the server, which computed them from the bytes it received; the answer shows them.
 */
export function UploadFirmwareDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setFile(null);
    setFileError(null);
    onClose();
  };

  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!file) {
      setFileError(validationText('validation.firmwareFile', lang) ?? '');
      return;
    }
    if (!v) return;
    setSaving(true);
    try {
      const made = await uploadFirmware({ version: v.version.trim(), family: v.family, models: v.models?.trim() ?? '', notes: v.notes ?? '', file });
      toast('success', t('upgrade.firmware.uploaded', { sha256: made.sha256 }));
      void queryClient.invalidateQueries({ queryKey: [firmwareResource.key] });
      void queryClient.invalidateQueries({ queryKey: ['ref', firmwareResource.key] });
      close();
    } catch {
      // The request wrapper has said why (a duplicate version, a file too large).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('upgrade.firmware.title')} onOk={() => void submit()} onCancel={close} confirmLoading={saving} destroyOnHidden okText={t('upgrade.firmware.submit')} data-testid="firmware-upload-dialog">
      <Alert type="info" showIcon title={t('upgrade.firmware.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item label={t('upgrade.firmware.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Upload
            maxCount={1}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
            beforeUpload={(f) => {
              if (f.size === 0 || f.size > FIRMWARE_MAX_BYTES) {
                setFileError(validationText('validation.firmwareSize', lang) ?? '');
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setFileError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="firmware-file">{t('upgrade.firmware.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="version" label={firmwareResource.fields.version.label[lang]} rules={[requiredRule(t, firmwareResource.fields.version.label[lang]), { pattern: FIRMWARE_VERSION_RE, message: validationText('validation.firmwareVersion', lang) }]}>
          <Input autoComplete="off" placeholder="2.1.0" data-testid="firmware-version" />
        </Form.Item>
        <Form.Item name="family" label={firmwareResource.fields.family.label[lang]} rules={[requiredRule(t, firmwareResource.fields.family.label[lang])]}>
          <Select data-testid="firmware-family" options={DEVICE_FAMILIES.map((f) => ({ value: f, label: DEVICE_FAMILY_LABELS[f][lang] }))} />
        </Form.Item>
        <Form.Item
          name="models"
          label={firmwareResource.fields.models.label[lang]}
          extra={firmwareResource.fields.models.help?.[lang]}
          rules={[{ pattern: FIRMWARE_MODELS_RE, message: validationText('validation.firmwareModels', lang) }]}
        >
          <Input autoComplete="off" data-testid="firmware-models" />
        </Form.Item>
        <Form.Item name="notes" label={firmwareResource.fields.notes.label[lang]} rules={[{ max: 2000, message: validationText('validation.tooLong', lang) }]}>
          <Input.TextArea rows={4} data-testid="firmware-notes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
