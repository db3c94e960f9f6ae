import type { Config } from '../../config';
import { aliyunSmsProvider } from './aliyun';
import { localSmsProvider } from './local';
import type { SmsProvider } from './types';

export function smsProviderFromConfig(config: Config): SmsProvider {
  if (config.sms.provider === 'aliyun') {
    return aliyunSmsProvider({ accessKeyId: config.sms.accessKeyId, accessKeySecret: config.sms.accessKeySecret });
  }
  // The local provider's log line is how a developer reads the code; a silenced server stays silent.
  return localSmsProvider(config.logLevel === 'silent' ? () => undefined : undefined);
}
