import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { validOrFocusFirst } from '../../../resources/validateForm';
import { useTranslation } from 'react-i18next';
import { SUGGESTION_MAX } from '@gx/contract';
import { sendSuggestion } from '../api/suggestion';
import { DebouncedButton } from '../../../components/DebouncedButton';
import type { DialogBaseProps } from '../../../components/dialog/types';

interface Values {
  content: string;
}

/** Complaints and suggestions (SPEC §2, §5): content required, at most 99999 characters, with a counter. */
export default function SuggestionDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await validOrFocusFirst(form);
    if (!values) return;
    setSaving(true);
    try {
      await sendSuggestion(values.content.trim());
      form.resetFields();
      onClose();
    } catch {
      // Reported by the request wrapper; the text stays so the user can send it again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('suggestion.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" loading={saving} onClick={() => void submit()} data-testid="suggestion-submit">
          {t('suggestion.submit')}
        </DebouncedButton>,
      ]}
    >
      <Form form={form} layout="vertical" data-testid="suggestion-form">
        <Form.Item
          name="content"
          label={t('suggestion.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.contentRequired') },
            { max: SUGGESTION_MAX, message: t('validation.contentTooLong', { max: SUGGESTION_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={6}
            maxLength={SUGGESTION_MAX}
            showCount
            placeholder={t('suggestion.placeholder')}
            data-testid="suggestion-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
