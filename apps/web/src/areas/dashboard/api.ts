import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_HOURS, DASHBOARD_SUMMARY_PATH, type DashboardSummary } from '@gx/contract';
import { requestData } from '../../api/request';
import { queryKeys } from '../../api/queries';

/** A read: no "operation succeeded" toast, and no loading overlay (the page shows its own, live refreshes none). */
export function fetchDashboardSummary(): Promise<DashboardSummary> {
  return requestData<DashboardSummary>(DASHBOARD_SUMMARY_PATH, { method: 'summary', hours: DASHBOARD_HOURS.default }, { quietSuccess: true, loading: false });
}

/** The dashboard's figures: fetched once per visit, refreshed by the live stream (and after a reconnect). */
export function useDashboardSummary(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.dashboard, queryFn: fetchDashboardSummary, enabled, refetchOnWindowFocus: false });
}
