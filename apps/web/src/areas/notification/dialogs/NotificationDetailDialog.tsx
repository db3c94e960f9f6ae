import { useEffect } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InboxNotice } from '@gx/contract';
import { SafeHtml } from '../../../components/SafeHtml';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { DIALOG_WIDTH } from '../../../components/dialog/dialogWidth';
import { useMarkRead } from '../useMarkRead';
import '../notification.css';

/**
 * Details of an announcement or notification opened from the navbar (SPEC §2 carousel: "a title opens a details
 * dialog"). Opening an unread notification's details reads it, as clicking it in the list does.
 */
export default function NotificationDetailDialog({ open, onClose, item }: DialogBaseProps & { item: InboxNotice & { status?: 0 | 1 } }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  useEffect(() => {
    if (open && item.status === 0) markRead(item.id);
  }, [open, item, markRead]);

  return (
    <Modal
      open={open}
      title={item.title}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      wrapProps={{ 'data-testid': 'notification-detail' }}
    >
      {item.content ? <SafeHtml html={item.content} className="gx-notification-content" /> : <p>{t('notification.noContent')}</p>}
    </Modal>
  );
}
