import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider, SmsResult } from './types';

/**
 * Development and test provider: nothing leaves the machine. The message (with its code) is written to the log,
 * and the caller keeps it in sms_messages with its parameters, where tests and the console can read it.
 */
export function localSmsProvider(log: (line: string) => void = (line) => console.info(line)): SmsProvider {
  return {
    name: 'local',
    async send(message: SmsMessage): Promise<SmsResult> {
      log(`[sms:local] to ${message.phone} sign "${message.signName}" template ${message.templateCode} params ${JSON.stringify(message.params)}`);
      return { ok: true, providerId: `local-${randomUUID()}` };
    },
  };
}
