import { Api, type InboxInform, type InboxNotice } from '@gx/contract';
import { requestData } from '../../../api/request';

/** The signed-in user's announcements and notifications (SPEC §7 "Notices endpoint"). Reads are background calls. */
const path = Api.shell.notificationInbox;
const background = { loading: false, silent: true } as const;

export function fetchNotices(): Promise<InboxNotice[]> {
  return requestData<{ notice: InboxNotice[] }>(path, {}, background).then((d) => d.notice);
}

export function fetchInforms(): Promise<InboxInform> {
  return requestData<InboxInform>(path, { method: 'inform' }, background);
}

/** Marks one notification read; answers the new unread count. Quiet: clicking an item is not an "operation". */
export function markInformRead(id: number): Promise<{ unread: number }> {
  return requestData<{ unread: number }>(path, { method: 'status', id }, { loading: false, silent: true });
}
