import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  serial: string;
  secret: string | null;
  onClose: () => void;
}

/** A device secret, shown once after it was created or reset (the server keeps only its hash). */
export function SecretDialog({ serial, secret, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={secret !== null} title={t('device.secret.title')} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Alert type="warning" showIcon title={t('device.secret.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{serial}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ tooltips: [t('device.secret.copy'), t('device.secret.copied')] }} code data-testid="device-secret">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
