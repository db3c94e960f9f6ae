import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { joinOrganization } from '../../api/organization';
import { queryKeys } from '../../api/queries';
import { DebouncedButton } from '../../components/DebouncedButton';
import { useUserStore } from '../../store/user';
import type { DialogBaseProps } from './types';
import { useCloseAndReloadProfile } from './useReloadProfile';

/**
 * Join an organisation by invitation code (SPEC §2). A user without an organisation starts working in the joined one,
 * so the console reloads; otherwise it appears in the drawer's list. A refused code closes the dialog and reloads
 * the profile (SPEC §4).
 */
export default function JoinOrganizationDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const [saving, setSaving] = useState(false);
  const hadOrganization = useUserStore((s) => Boolean(s.info?.org));
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
      await joinOrganization(values.code);
      if (!hadOrganization) {
        location.reload();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.myOrganizations });
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
      title={t('organization.join')}
      onCancel={close}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <DebouncedButton key="submit" type="primary" loading={saving} onClick={() => void submit()} data-testid="join-submit">
          {t('common.ok')}
        </DebouncedButton>,
      ]}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="code" label={t('organization.code')} rules={[{ required: true, whitespace: true, message: t('validation.inviteCodeRequired') }]}>
          <Input maxLength={64} placeholder={t('organization.codePlaceholder')} autoComplete="off" data-testid="join-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
