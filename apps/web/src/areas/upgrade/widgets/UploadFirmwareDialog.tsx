import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_FAMILIES, DEVICE_FAMILY_LABELS, FIRMWARE_MODELS_RE, FIRMWARE_VERSION_RE, PACKAGE_KINDS, PACKAGE_KIND_LABELS, PACKAGE_MAX_BYTES,
  firmwareResource, packageSizeMessage, validationText, type PackageKind,
} from '@gx/contract';
import { toast } from '../../../api/feedback';
import { PackageFileItem } from '../../../components/PackageFileItem';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';
import { uploadFirmware } from '../api';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface Values { version: string; family: string; kind: PackageKind; models?: string; min_version?: string; notes?: string; notes_en?: string }

const sizeProblem = (file: File, kind: PackageKind) => file.size === 0 || file.size > PACKAGE_MAX_BYTES[kind];

/**
 * Uploads a package (firmware, app or video, each with its size limit): the file and its version, family, models,
 * minimum current version and release notes in both languages. Size and SHA-256 come from the server, which
 * computed them from the bytes it received (streamed to disk); the answer shows them.
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
    if (sizeProblem(file, v.kind)) {
      setFileError(validationText(packageSizeMessage(v.kind), lang) ?? '');
      return;
    }
    setSaving(true);
    try {
      const made = await uploadFirmware({
        version: v.version.trim(), family: v.family, kind: v.kind, models: v.models?.trim() ?? '', min_version: v.min_version?.trim() ?? '',
        notes: v.notes ?? '', notes_en: v.notes_en ?? '', file,
      });
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
      <Form form={form} layout="vertical" preserve={false} initialValues={{ kind: 'firmware' }}>
        <Form.Item name="kind" label={firmwareResource.fields.kind.label[lang]} rules={[requiredRule(t, firmwareResource.fields.kind.label[lang])]}>
          <Select data-testid="firmware-kind" options={PACKAGE_KINDS.map((k) => ({ value: k, label: `${PACKAGE_KIND_LABELS[k][lang]} · ≤ ${PACKAGE_MAX_BYTES[k] / 1024 / 1024} MB` }))} />
        </Form.Item>
        <PackageFileItem
          label={t('upgrade.firmware.file')} choose={t('upgrade.firmware.choose')} testId="firmware-file" file={file} error={fileError}
          problemOf={(f) => {
            const kind = form.getFieldValue('kind') as PackageKind;
            return sizeProblem(f, kind) ? validationText(packageSizeMessage(kind), lang) ?? '' : null;
          }}
          onPick={(f) => { setFile(f); setFileError(null); }} onProblem={setFileError} onRemove={() => setFile(null)}
        />
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
        <Form.Item
          name="min_version"
          label={firmwareResource.fields.min_version.label[lang]}
          extra={firmwareResource.fields.min_version.help?.[lang]}
          rules={[{ pattern: FIRMWARE_VERSION_RE, message: validationText('validation.firmwareVersion', lang) }]}
        >
          <Input autoComplete="off" placeholder="1.0.0" data-testid="firmware-min-version" />
        </Form.Item>
        <Form.Item name="notes" label={firmwareResource.fields.notes.label[lang]} rules={[{ max: 2000, message: validationText('validation.tooLong', lang) }]}>
          <Input.TextArea rows={3} data-testid="firmware-notes" />
        </Form.Item>
        <Form.Item name="notes_en" label={firmwareResource.fields.notes_en.label[lang]} rules={[{ max: 2000, message: validationText('validation.tooLong', lang) }]}>
          <Input.TextArea rows={3} data-testid="firmware-notes-en" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
