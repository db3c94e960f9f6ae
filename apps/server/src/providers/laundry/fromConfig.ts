import type { Config } from '../../config';
import { httpLaundryProvider } from './http';
import { localLaundryProvider } from './local';
import type { LaundryProvider } from './types';

/**
 * LAUNDRY_PROVIDER: `local` (the platform played in memory, by the server's clock `now`) or `http` (the vendor's
 * REST API at LAUNDRY_BASE_URL, signed with LAUNDRY_APP_ID and LAUNDRY_SECRET).
 */
export function laundryProviderFromConfig(config: Config, now: () => Date = () => new Date()): LaundryProvider {
  if (config.laundry.provider === 'http') {
    const { baseUrl, appId, secret } = config.laundry;
    return httpLaundryProvider({ baseUrl, appId, secret });
  }
  return localLaundryProvider(now);
}
