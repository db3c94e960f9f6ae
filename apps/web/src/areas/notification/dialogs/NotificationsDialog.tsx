import { Button, Empty, Modal } from 'antd';
import VirtualList from '@rc-component/virtual-list';
import { useTranslation } from 'react-i18next';
import { useInforms } from '../../../api/queries';
import { SafeHtml } from '../../../components/SafeHtml';
import type { DialogBaseProps } from '../../../components/dialog/types';
import { DIALOG_WIDTH } from '../../../components/dialog/dialogWidth';
import { useMarkRead } from '../useMarkRead';
import '../notification.css';

/** SPEC §2, §9: the list is 530 px high and virtualised with a 25 px row estimate (rows grow with their content). */
const LIST_HEIGHT = 530;
const ROW_HEIGHT = 25;

/**
 * The notification dialog (SPEC §2): 60% wide, closed only by its buttons, a virtualised list of title plus HTML
 * content (sanitised here too). Clicking an unread item marks it read.
 */
export default function NotificationsDialog({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const items = useInforms().data?.inform ?? [];
  const markRead = useMarkRead();

  return (
    <Modal
      open={open}
      title={t('notification.title')}
      width={DIALOG_WIDTH}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button onClick={onClose} data-testid="notifications-close">
          {t('common.close')}
        </Button>
      }
      wrapProps={{ 'data-testid': 'notifications-dialog' }}
    >
      {items.length === 0 ? (
        <Empty description={t('notification.empty')} />
      ) : (
        <VirtualList data={items} height={LIST_HEIGHT} itemHeight={ROW_HEIGHT} fullHeight={false} itemKey="id" className="gx-inform-list" data-testid="notifications-list">
          {(n) => (
            <div
              role="button"
              tabIndex={0}
              className={n.status === 0 ? 'gx-inform-row gx-inform-row-unread' : 'gx-inform-row'}
              data-testid="notification-row"
              data-id={n.id}
              data-status={n.status}
              onClick={() => markRead(n.id)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && markRead(n.id)}
            >
              <div className="gx-inform-row-title">
                <span className="gx-inform-dot" aria-label={n.status === 0 ? t('notification.unread') : t('notification.read')} />
                {n.title}
              </div>
              {n.content ? <SafeHtml html={n.content} className="gx-inform-row-content" /> : null}
            </div>
          )}
        </VirtualList>
      )}
    </Modal>
  );
}
