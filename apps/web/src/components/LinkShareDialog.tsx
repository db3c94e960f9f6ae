import { Alert, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The link to hand out, or null when the dialog is closed. */
  url: string | null;
  title: string;
  /** What the link does and that it is shown this once. */
  hint: string;
  onClose: () => void;
  testId: string;
}

/**
 * A capability link shown once (a transfer's receiving link, a project invitation): the text to copy and its QR
 * code for a phone. The server keeps only the token's hash, so closing the dialog is the last chance to copy it.
 */
export function LinkShareDialog({ url, title, hint, onClose, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={url !== null} title={title} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden
      wrapProps={{ 'data-testid': testId }}>
      <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        {url ? <QRCode value={url} size={200} bordered color="#000000" bgColor="#ffffff" /> : null}
        <Typography.Paragraph copyable={{ text: url ?? '', tooltips: [t('common.linkShare.copy'), t('common.linkShare.copied')] }} code
          style={{ wordBreak: 'break-all', textAlign: 'center' }} data-testid={`${testId}-url`}>
          {url}
        </Typography.Paragraph>
      </Space>
    </Modal>
  );
}
