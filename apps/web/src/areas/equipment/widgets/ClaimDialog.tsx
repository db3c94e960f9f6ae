import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RULES, deviceAuditResource, validationText } from '@gx/contract';
import { claimDevice } from '../../../api/device';
import { useLang } from '../../../resources/useLang';
import { requiredRule, validOrFocusFirst } from '../../../resources/validateForm';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface Values { serial: string; authorization_number: string }

/**
 * Claims a unit from the warehouse for the current organisation: its serial and the authorization number on its
 * label. The claim then waits for the platform's review (Device review); agreed, the device joins this list.
 */
export function ClaimDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await validOrFocusFirst(form);
    if (!v) return;
    setSaving(true);
    try {
      await claimDevice({ serial: v.serial.trim(), authorization_number: v.authorization_number.trim().toUpperCase() });
      void queryClient.invalidateQueries({ queryKey: [deviceAuditResource.key] });
      onClose();
    } catch {
      // The request wrapper has said why (a wrong number, a device already taken).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={t('device.claim.title')} onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} destroyOnHidden wrapProps={{ 'data-testid': 'claim-dialog' }}>
      <Alert type="info" showIcon title={t('device.claim.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="serial" label={t('device.claim.serial')} rules={[requiredRule(t, t('device.claim.serial')), { pattern: RULES.serial.re, message: validationText(RULES.serial.message, lang) }]}>
          <Input autoComplete="off" data-testid="claim-serial" />
        </Form.Item>
        <Form.Item
          name="authorization_number"
          label={t('device.claim.number')}
          normalize={(v: string) => v.toUpperCase()}
          rules={[requiredRule(t, t('device.claim.number')), { pattern: RULES.authorizationNumber.re, message: validationText(RULES.authorizationNumber.message, lang) }]}
        >
          <Input autoComplete="off" data-testid="claim-number" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
