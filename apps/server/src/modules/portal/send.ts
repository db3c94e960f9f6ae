import type { Executor } from '../../db/client';
import { smsMessages } from '../../db/schema';
import type { SmsMessage, SmsProvider, SmsResult } from '../../providers/sms/types';

/**
 * The one way the server sends an SMS: through the configured provider, with every message recorded in
 * sms_messages (the send log). Parameters (verification codes) are stored only for the local provider.
 */
export async function sendSms(exec: Executor, provider: SmsProvider, orgId: number | null, message: SmsMessage, now: Date): Promise<SmsResult> {
  const result = await provider.send(message);
  await exec.insert(smsMessages).values({
    orgId,
    phone: message.phone,
    signName: message.signName,
    templateCode: message.templateCode,
    params: provider.name === 'local' ? message.params : null,
    provider: provider.name,
    status: result.ok ? 'sent' : 'failed',
    providerId: result.ok ? result.providerId : '',
    error: result.ok ? '' : result.error,
    createdAt: now,
  });
  return result;
}
