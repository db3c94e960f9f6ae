import type { Config } from '../../config';
import { localPmsProvider } from './local';
import { operaPmsProvider } from './opera';
import type { PmsProvider } from './types';

/** PMS_PROVIDER: `local` (the organisations' own directories) or `opera` (OPERA Cloud through OHIP). */
export function pmsProviderFromConfig(config: Config): PmsProvider {
  if (config.pms.provider === 'opera') {
    const { gatewayUrl, appKey, clientId, clientSecret, username, password } = config.pms;
    return operaPmsProvider({ gatewayUrl, appKey, clientId, clientSecret, username, password });
  }
  return localPmsProvider;
}
