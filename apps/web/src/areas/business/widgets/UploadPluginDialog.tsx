import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PLUGIN_MAX_BYTES, PLUGIN_SIZE_MESSAGE, PLUGIN_VERSION_RE, pluginResource, pluginVersionResource, validationText } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { PackageFileItem } from '../../../components/PackageFileItem';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';
import { uploadPluginVersion } from '../pluginApi';

interface Props {
  pluginId: number;
  open: boolean;
  onClose: () => void;
}

interface Values { version: string; notes?: string }

const sizeProblem = (file: File) => file.size === 0 || file.size > PLUGIN_MAX_BYTES;

/** Uploads a version of a plugin: the package, its semantic version and notes. Size and SHA-256 are the server's. */
export function UploadPluginDialog({ pluginId, open, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = pluginVersionResource.fields;

  const close = () => {
    setFile(null);
    setFileError(null);
    onClose();
  };

  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!file) {
      setFileError(validationText('validation.pluginFile', lang) ?? '');
      return;
    }
    if (!v) return;
    setSaving(true);
    try {
      const made = await uploadPluginVersion({ plugin_id: pluginId, version: v.version.trim(), notes: v.notes ?? '', file });
      toast('success', t('business.plugin.uploaded', { sha256: made.sha256 }));
      void queryClient.invalidateQueries({ queryKey: [pluginVersionResource.key] });
      void queryClient.invalidateQueries({ queryKey: [pluginResource.key] });
      close();
    } catch {
      // The request wrapper has said why (a taken version, a file too large).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('business.plugin.title')} onOk={() => void submit()} onCancel={close} confirmLoading={saving} destroyOnHidden okText={t('business.plugin.submit')} data-testid="plugin-upload-dialog">
      <Alert type="info" showIcon title={t('business.plugin.hint', { mb: PLUGIN_MAX_BYTES / 1024 / 1024 })} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <PackageFileItem
          label={t('business.plugin.file')} choose={t('business.plugin.choose')} testId="plugin-file" file={file} error={fileError}
          problemOf={(f) => (sizeProblem(f) ? validationText(PLUGIN_SIZE_MESSAGE, lang) ?? '' : null)}
          onPick={(f) => { setFile(f); setFileError(null); }} onProblem={setFileError} onRemove={() => setFile(null)}
        />
        <Form.Item name="version" label={fields.version.label[lang]} rules={[requiredRule(t, fields.version.label[lang]), { pattern: PLUGIN_VERSION_RE, message: validationText('validation.pluginVersion', lang) }]}>
          <Input autoComplete="off" placeholder="1.0.0" data-testid="plugin-version" />
        </Form.Item>
        <Form.Item name="notes" label={fields.notes.label[lang]} rules={[{ max: 2000, message: validationText('validation.tooLong', lang) }]}>
          <Input.TextArea rows={3} data-testid="plugin-notes" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
