import { Badge, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useInforms } from '../../../api/queries';
import { BADGE_CAP } from '../../../config/constants';
import { useDialogs } from '../../../store/dialogs';

/** The bell (SPEC §2 Navbar): unread count capped at 99+, opens the notification dialog. */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useInforms().data?.unread ?? 0;
  const open = useDialogs((s) => s.open);
  return (
    <Badge count={unread} overflowCount={BADGE_CAP} size="small" offset={[-6, 6]} data-testid="notification-badge">
      <Button
        type="text"
        className="gx-navbar-button"
        icon={<BellOutlined />}
        aria-label={unread ? t('notification.bellUnread', { count: unread }) : t('notification.bell')}
        data-testid="notification-bell"
        onClick={() => open('notifications')}
      />
    </Badge>
  );
}
