import {
  invitationResource, prizeSettingsResource, type DailySeries, type InvitationStats, type PrizeInput, type PrizeRow,
} from '@gx/contract';
import { requestData } from '../../api/request';

/** The marketing calls beside the generated resource methods. */

export function fetchPrizes(id: number): Promise<PrizeRow[]> {
  return requestData<PrizeRow[]>(prizeSettingsResource.path, { method: 'prizes', id }, { loading: false, quietSuccess: true });
}

/** The whole prize set of a draw; refused (naming `prizes` or `prizes.<n>.<field>`) unless it sums to 100 %. */
export function savePrizes(id: number, prizes: PrizeInput[]): Promise<PrizeRow[]> {
  return requestData<PrizeRow[]>(prizeSettingsResource.path, { method: 'save_prizes', id, prizes });
}

export function fetchInvitationStats(from: string, to: string, tz: string): Promise<InvitationStats> {
  return requestData<InvitationStats>(invitationResource.path, { method: 'statistics', from, to, tz }, { loading: false, quietSuccess: true });
}

/** A chart's per-day series (wins by state, orders and their amounts) from a resource's `statistics` method. */
export function fetchDailySeries(path: string, from: string, to: string, tz: string): Promise<DailySeries> {
  return requestData<DailySeries>(path, { method: 'statistics', from, to, tz }, { loading: false, quietSuccess: true });
}
