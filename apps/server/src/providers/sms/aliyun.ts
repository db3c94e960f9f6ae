import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider, SmsResult } from './types';

/**
 * Aliyun SMS (Dysmsapi 2017-05-25, action SendSms) with the documented RPC signature V1:
 * sort the parameters, percent-encode names and values (RFC 3986: space %20, `*` %2A, `~` kept), join with `&`,
 * sign `METHOD&%2F&<encoded query>` with HMAC-SHA1 keyed by `<AccessKeySecret>&`, base64.
 */
export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
}

export function stringToSign(httpMethod: 'GET' | 'POST', params: Record<string, string>): string {
  return `${httpMethod}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpcV1(httpMethod: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(httpMethod, params)).digest('base64');
}

/** ISO 8601 UTC without milliseconds, as the API requires: 2017-07-12T02:42:19Z. */
export function rpcTimestamp(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  timeoutMs?: number;
}

/** The request parameters of SendSms, signature included (exported so the signing is testable without a network). */
export function sendSmsParams(o: AliyunSmsOptions, m: SmsMessage, httpMethod: 'GET' | 'POST' = 'POST'): Record<string, string> {
  const params: Record<string, string> = {
    AccessKeyId: o.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: m.phone,
    RegionId: 'cn-hangzhou',
    SignName: m.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: (o.nonce ?? randomUUID)(),
    SignatureVersion: '1.0',
    TemplateCode: m.templateCode,
    TemplateParam: JSON.stringify(m.params),
    Timestamp: rpcTimestamp((o.now ?? (() => new Date()))()),
    Version: '2017-05-25',
  };
  if (m.outId) params.OutId = m.outId;
  return { ...params, Signature: signRpcV1(httpMethod, params, o.accessKeySecret) };
}

interface SendSmsAnswer { Code?: string; Message?: string; BizId?: string; RequestId?: string }

export function aliyunSmsProvider(o: AliyunSmsOptions): SmsProvider {
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'aliyun',
    async send(message: SmsMessage): Promise<SmsResult> {
      // POST with a form body keeps phone numbers and codes out of URLs (and out of proxies' access logs).
      const body = new URLSearchParams(sendSmsParams(o, message, 'POST')).toString();
      try {
        const res = await doFetch(o.endpoint ?? ALIYUN_SMS_ENDPOINT, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
        });
        const answer = (await res.json()) as SendSmsAnswer;
        if (answer.Code === 'OK') return { ok: true, providerId: answer.BizId ?? '' };
        return { ok: false, error: `${answer.Code ?? res.status}: ${answer.Message ?? ''}`.slice(0, 500) };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
