import { useEffect, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useInforms } from '../../../api/queries';
import { NOTIFICATION_CAROUSEL_MS } from '../../../config/constants';
import { useDialogs } from '../../../store/dialogs';
import '../notification.css';

/**
 * The notifications carousel (SPEC §2 Navbar, §9): one title at a time, moving up every 5 s, paused under the
 * pointer; a title opens its details.
 */
export function InformCarousel() {
  const { t } = useTranslation();
  const items = useInforms().data?.inform ?? [];
  const open = useDialogs((s) => s.open);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), NOTIFICATION_CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const current = index % count;
  return (
    <div
      className="gx-inform-carousel"
      role="region"
      aria-label={t('notification.carousel')}
      aria-live="off"
      data-testid="inform-carousel"
      data-index={current}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <BellOutlined className="gx-inform-icon" aria-hidden />
      <div className="gx-inform-viewport">
        <ul className="gx-inform-track" style={{ transform: `translateY(-${current * 100}%)` }}>
          {items.map((n, i) => (
            <li key={n.id} aria-hidden={i !== current}>
              <button
                type="button"
                tabIndex={i === current ? 0 : -1}
                className={n.status === 0 ? 'gx-inform-item gx-inform-unread' : 'gx-inform-item'}
                data-testid="inform-item"
                onClick={() => open('notificationDetail', { item: n })}
              >
                {n.title}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
