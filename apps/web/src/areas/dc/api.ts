import { DC_STATS_PATH, type CallStatsAnswer } from '@gx/contract';
import { requestData } from '../../api/request';

/** The organisation's signed calls per day over the last `days` days, overall or for one service. */
export function fetchCallStats(days: number, serviceId: number | undefined): Promise<CallStatsAnswer> {
  // A read under a method name of its own: nothing to announce.
  return requestData(DC_STATS_PATH, { method: 'summary', days, ...(serviceId === undefined ? {} : { service_id: serviceId }) }, { quietSuccess: true });
}
