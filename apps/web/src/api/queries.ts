import { useQuery } from '@tanstack/react-query';
import { fetchMyOrganizations } from '../areas/organization/api/organization';
import { fetchInforms, fetchNotices } from '../areas/notification/api/notification';
import { fetchPersonalDetail } from '../areas/profile/api/profile';
import { fetchSmsTemplates } from './sms';

/** Server state the shell widgets share, one cache entry per call (DESIGN §5: TanStack Query). */
export const queryKeys = {
  profile: ['profile'],
  notices: ['inbox', 'notice'],
  informs: ['inbox', 'inform'],
  myOrganizations: ['organizations', 'mine'],
  smsTemplates: ['sms', 'templates'],
  /** The dashboard's summary (its page fetches it; the live stream refreshes it). */
  dashboard: ['dashboard'],
} as const;

/** New announcements and notifications reach an open console within this time. */
const INBOX_REFRESH_MS = 60_000;

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: fetchPersonalDetail });
}

export function useNotices() {
  return useQuery({ queryKey: queryKeys.notices, queryFn: fetchNotices, refetchInterval: INBOX_REFRESH_MS });
}

export function useInforms() {
  return useQuery({ queryKey: queryKeys.informs, queryFn: fetchInforms, refetchInterval: INBOX_REFRESH_MS });
}

export function useMyOrganizations() {
  return useQuery({ queryKey: queryKeys.myOrganizations, queryFn: fetchMyOrganizations, staleTime: 0 });
}

export function useSmsTemplates(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.smsTemplates, queryFn: fetchSmsTemplates, enabled });
}
