import type { TelemetryRange, TelemetrySeries } from '@gx/contract';
import { requestData } from '../../../api/request';

/** A family page's `telemetry`: one device's chart metrics over the last hour, day or week. */
export function fetchTelemetry(path: string, id: number, range: TelemetryRange): Promise<TelemetrySeries> {
  return requestData<TelemetrySeries>(path, { method: 'telemetry', id, range }, { loading: false, quietSuccess: true });
}
