import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createOrganization } from '../api/organization';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { useCloseAndReloadProfile } from '../../profile/useReloadProfile';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useDialogForm } from '../../../components/dialog/useDialogForm';

/**
 * Create an organisation (SPEC §2). The creator becomes its owner and works in it from now on, so the console
 * reloads into it. A refused name closes the dialog and reloads the profile (SPEC §4).
 */
export default function CreateOrganizationDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const { saving, close, submitWith } = useDialogForm(form, onClose);
  const failed = useCloseAndReloadProfile(close);
  // The server switches the creator into the new organisation: the console reloads into it.
  const submit = submitWith(async (values) => {
    await createOrganization(values.name);
    location.reload();
  }, failed);

  return (
    <FormDialog open={open} title={t('organization.create')} saving={saving} onCancel={close} onSubmit={() => void submit()} submitTestId="create-org-submit">
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('organization.name')} rules={[{ required: true, whitespace: true, message: t('validation.orgNameRequired') }]}>
          <Input maxLength={64} placeholder={t('organization.namePlaceholder')} autoComplete="off" data-testid="create-org-name" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
