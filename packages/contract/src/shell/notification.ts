import { z } from 'zod';
import { zId } from '../validators';
import type { NotificationAudience, NotificationKind } from './notificationValues';

/** Shell calls of the notification area: announcements and notifications. Paths are `Api.shell.*`; see shell/index.ts. */

// ─── Notices and notifications ──────────────────────────────────────────────────────────────────────────────────

// Kinds, audiences, states and limits: zod-free, so the content declaration (which the console's menus read) can
// use them without pulling zod into the login page.
export * from './notificationValues';

/** The inbox answers at most this many newest notifications; `unread` counts all. */
export const INBOX_LIMIT = 200;

/** Inbox (Api.shell.notificationInbox) with no method or method `notice` → data.notice. */
export interface InboxNotice {
  id: number;
  title: string;
  /** Sanitised HTML; sanitise again before rendering. */
  content: string;
}
/** Method `inform` → data: unread count and the newest notifications, newest first. */
export interface InboxInform {
  unread: number;
  inform: (InboxNotice & { status: 0 | 1 })[];
}
/** Method `status` {id}: mark one of the caller's notifications read (idempotent). Answer: {unread}. */
export const inboxStatusBody = z.object({ id: zId });

/**
 * One row of the content resource's `list` (paged: data.list, total, page, size) and its `detail` answer
 * (resources/notification/content.ts).
 */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  title: string;
  content: string;
  audience: NotificationAudience;
  targets: number[];
  status: 0 | 1 | 2;
  published_at: string | null;
  withdrawn_at: string | null;
  expires_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
/** Operation `stats` {id} → data: how many users it reaches and how many have read it (notifications only). */
export interface NotificationStats {
  recipients: number;
  read: number;
}
