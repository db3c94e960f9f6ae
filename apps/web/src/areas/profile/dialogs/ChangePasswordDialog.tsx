import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordProblem } from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { changePassword } from '../api/profile';
import { useUserStore } from '../../../store/user';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useDialogForm } from '../../../components/dialog/useDialogForm';

interface Values {
  oldpass: string;
  newpass: string;
  newpasstwo: string;
}

/**
 * Change password (SPEC §2, §5): original required; the new one follows the password rules; the confirmation must
 * match. Both leave the browser hashed. The server keeps this session and signs every other one out.
 */
export default function ChangePasswordDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const userId = useUserStore((s) => s.info?.id ?? 0);
  const { saving, close, submitWith } = useDialogForm(form, onClose);
  const submit = submitWith(
    async (values) => {
      await changePassword(userId, values.oldpass, values.newpass);
      close();
    },
    (err) => {
      // A wrong original password is named by the server (field `password`): mark it on the form too.
      if (err instanceof ApiError && err.field === 'password') form.setFields([{ name: 'oldpass', errors: [err.message] }]);
    },
  );

  return (
    <FormDialog open={open} title={t('password.title')} saving={saving} onCancel={close} onSubmit={() => void submit()} submitTestId="password-submit">
      <Alert type="info" showIcon title={t('password.othersSignedOut')} className="gx-dialog-note" />
      <Form form={form} layout="vertical" autoComplete="off" data-testid="password-form">
        <Form.Item name="oldpass" label={t('password.old')} rules={[{ required: true, message: t('validation.oldPasswordRequired') }]}>
          <Input.Password placeholder={t('password.oldPlaceholder')} autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newpass"
          label={t('password.new')}
          extra={t('validation.passwordFormat')}
          rules={[
            { required: true, message: t('validation.newPasswordRequired') },
            {
              validator: (_, value: string | undefined) => {
                const problem = value ? passwordProblem(value) : null;
                return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.Password placeholder={t('password.newPlaceholder')} autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="newpasstwo"
          label={t('password.confirm')}
          dependencies={['newpass']}
          rules={[
            { required: true, message: t('validation.confirmPasswordRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                !value || value === getFieldValue('newpass') ? Promise.resolve() : Promise.reject(new Error(t('validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password placeholder={t('password.confirmPlaceholder')} autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
