import type { Label } from '../resources/types';
import { backoffMs } from '../backoff';

/**
 * Webhooks of developer services (docs/developer-api.md): device presence and command results of the service's
 * organisation, POSTed as JSON to its callback URL, signed like its calls, retried with back-off, each delivery
 * logged. Written once here so the server, the tests and the documented receiver agree.
 */
export const WEBHOOK_EVENTS = ['device.online', 'device.offline', 'command.result'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, Label> = {
  'device.online': { zh_CN: '设备上线', en: 'Device online' },
  'device.offline': { zh_CN: '设备离线', en: 'Device offline' },
  'command.result': { zh_CN: '命令结果', en: 'Command result' },
};

/** What a service receives: everything, device presence only, command results only, or nothing. */
export const WEBHOOK_SUBSCRIPTIONS = ['all', 'device', 'command', 'none'] as const;
export type WebhookSubscription = (typeof WEBHOOK_SUBSCRIPTIONS)[number];

export function subscribesTo(s: WebhookSubscription, event: WebhookEvent): boolean {
  return s === 'all' || (s === 'device' && event.startsWith('device.')) || (s === 'command' && event.startsWith('command.'));
}

/** Request headers of a webhook delivery (lower case). */
export const WEBHOOK_HEADERS = {
  event: 'x-gx-event',
  delivery: 'x-gx-delivery',
  timestamp: 'x-gx-timestamp',
  signature: 'x-gx-signature',
} as const;

/**
 * The string a delivery signs: the timestamp (Unix seconds, the header's) and the exact body, one per line. The key
 * is the SHA-256 hex of the app secret, as for signed calls; the signature is its HMAC-SHA256 in lower-case hex.
 */
export function webhookSignatureBase(timestamp: string, body: string): string {
  return `${timestamp}\n${body}`;
}

/** The body of a delivery. `id` is the delivery's (the same on every retry: receivers drop repeats by it). */
export interface WebhookPayload {
  id: number;
  event: WebhookEvent;
  /** When it happened (ISO 8601). */
  at: string;
  org_id: number;
  data: Record<string, unknown>;
}

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Attempts before a delivery is given up (`failed`; *redeliver* starts it again). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** How long the receiver has to answer a 2xx, in milliseconds. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The longest wait between two attempts, in seconds. */
export const WEBHOOK_RETRY_MAX_S = 60 * 60;

/** The wait after failed attempt `attempt` (1: the first), doubling from `firstS`, at most an hour, ±20 %. */
export function webhookRetryDelayMs(attempt: number, firstS: number, random: () => number = Math.random): number {
  return backoffMs(attempt - 1, firstS, WEBHOOK_RETRY_MAX_S, 0.2, random);
}
