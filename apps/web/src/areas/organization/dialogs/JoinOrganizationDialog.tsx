import { Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { joinOrganization } from '../api/organization';
import { queryKeys } from '../../../api/queries';
import { useUserStore } from '../../../store/user';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { useCloseAndReloadProfile } from '../../profile/useReloadProfile';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useDialogForm } from '../../../components/dialog/useDialogForm';

/**
 * Join an organisation by invitation code (SPEC §2). A user without an organisation starts working in the joined one,
 * so the console reloads; otherwise it appears in the drawer's list. A refused code closes the dialog and reloads
 * the profile (SPEC §4).
 */
export default function JoinOrganizationDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();
  const hadOrganization = useUserStore((s) => Boolean(s.info?.org));
  const { saving, close, submitWith } = useDialogForm(form, onClose);
  const failed = useCloseAndReloadProfile(close);
  const submit = submitWith(async (values) => {
    await joinOrganization(values.code);
    if (!hadOrganization) {
      location.reload();
      return;
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.myOrganizations });
    close();
  }, failed);

  return (
    <FormDialog open={open} title={t('organization.join')} saving={saving} onCancel={close} onSubmit={() => void submit()} submitTestId="join-submit">
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="code" label={t('organization.code')} rules={[{ required: true, whitespace: true, message: t('validation.inviteCodeRequired') }]}>
          <Input maxLength={64} placeholder={t('organization.codePlaceholder')} autoComplete="off" data-testid="join-code" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
