import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { resignationSuccession } from '../api/profile';
import { PersonPicker } from '../widgets/PersonPicker';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { useCloseAndReloadProfile } from '../useReloadProfile';
import { FormDialog } from '../../../components/dialog/FormDialog';
import { useDialogForm } from '../../../components/dialog/useDialogForm';

interface Values {
  quit_id: number;
  inherit_id: number;
}

/**
 * Leave inheritance (SPEC §2, §5): the leaving employee's roles and records pass to the inheritor. Both pickers are
 * required (checked on change). A refused handover closes the dialog and reloads the profile (SPEC §4).
 */
export default function SuccessionDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, close, submitWith } = useDialogForm(form, onClose);
  const failed = useCloseAndReloadProfile(close);
  const submit = submitWith(async (values) => {
    await resignationSuccession(values.quit_id, values.inherit_id);
    close();
  }, failed);

  return (
    <FormDialog open={open} title={t('succession.title')} saving={saving} onCancel={close} onSubmit={() => void submit()} submitTestId="succession-submit" danger>
      <Alert type="warning" showIcon title={t('succession.notice')} className="gx-dialog-note" />
      <Form form={form} layout="vertical" validateTrigger="onChange" data-testid="succession-form">
        <Form.Item name="quit_id" label={t('succession.quit')} rules={[{ required: true, message: t('validation.quitRequired') }]}>
          <PersonPicker placeholder={t('succession.search')} testId="succession-quit" />
        </Form.Item>
        <Form.Item name="inherit_id" label={t('succession.inherit')} rules={[{ required: true, message: t('validation.inheritRequired') }]}>
          <PersonPicker placeholder={t('succession.search')} testId="succession-inherit" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
