import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../../../api/queries';
import { useDialogs } from '../../../store/dialogs';
import '../notification.css';

/** Seconds a title takes to cross the strip, per character: long announcements scroll at the same reading speed. */
const SECONDS_PER_CHAR = 0.35;
const MIN_SECONDS = 12;

/**
 * The announcements scroller (SPEC §2 Navbar): published announcements run right to left, pausing under the pointer
 * or keyboard focus; a title opens its details.
 */
export function NoticeScroller() {
  const { t } = useTranslation();
  const notices = useNotices().data ?? [];
  const open = useDialogs((s) => s.open);
  if (notices.length === 0) return null;
  const chars = notices.reduce((n, x) => n + x.title.length + 4, 0);
  const duration = Math.max(MIN_SECONDS, chars * SECONDS_PER_CHAR);
  return (
    <div className="gx-notice-scroller" role="region" aria-label={t('notification.announcements')} data-testid="notice-scroller">
      <NotificationOutlined className="gx-notice-icon" aria-hidden />
      <div className="gx-notice-viewport">
        <div className="gx-notice-track" style={{ animationDuration: `${duration}s` }}>
          {notices.map((n) => (
            <button
              key={n.id}
              type="button"
              className="gx-notice-item"
              data-testid="notice-item"
              onClick={() => open('notificationDetail', { item: n })}
            >
              {n.title}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
