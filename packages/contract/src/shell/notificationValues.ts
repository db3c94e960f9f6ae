/** Values of the notification area with no schema behind them (zod stays off the login page). */

/** `notice`: an announcement (navbar scroller). `inform`: a notification (carousel, bell, dialog). */
export const NOTIFICATION_KINDS = ['notice', 'inform'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Who receives it: every user, the members of the named organisations, or the named users. */
export const NOTIFICATION_AUDIENCES = ['all', 'orgs', 'users'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
/** 0 draft, 1 published, 2 withdrawn. Only published ones reach users. */
export const NotificationStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
/** Largest stored HTML content, in characters (after sanitising). */
export const NOTIFICATION_CONTENT_MAX = 100_000;
