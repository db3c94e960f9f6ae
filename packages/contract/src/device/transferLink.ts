import { z } from 'zod';
import { closedObject } from '../resources/schemas';
import { zCaptchaAnswer } from '../shell/portal';
import type { TransferState } from './lifecycle';

/**
 * `/authorizedtoreceive` (SPEC §2): an organisation accepts a device offered to it by an authorisation link. Each
 * transfer offer carries an unguessable link token (256 bits, kept as its SHA-256), shown to the sender when the
 * offer is made and re-issued from the transfer row; it lives as long as the offer waits. The page shows a public
 * summary by token; accepting or declining is the transfer's own action (`/admin/device/transfer` `accept` /
 * `decline`), taken by a signed-in user of the receiving organisation.
 */
export const TransferLinkApi = {
  /** `summary` (public, limited like every public query) and `resolve` (signed in: which side the caller is on). */
  path: '/public/transfer_link',
} as const;

/** The console route of the link and of claims by label. */
export const RECEIVE_ROUTE = '/authorizedtoreceive';

/** A link token as issued: 32 random bytes in base64url. */
export const zLinkToken = z.string({ error: 'validation.linkToken' }).trim().regex(/^[A-Za-z0-9_-]{43}$/, 'validation.linkToken');

export const transferLinkSummaryBody = closedObject({ method: z.literal('summary'), token: zLinkToken, code: zCaptchaAnswer });
/** What anyone holding the link may read: the device and who offers it, nothing else. */
export type TransferLinkSummary =
  | { found: false }
  | { found: true; serial: string; model: string; family: string; from_org: string; state: TransferState; offered_at: string };

export const transferLinkResolveBody = closedObject({ method: z.literal('resolve'), token: zLinkToken });
export interface TransferLinkResolution {
  /** The transfer row, for its own `accept` / `decline` actions. */
  transfer_id: number;
  state: TransferState;
  /** Where the caller's current organisation stands: the one receiving, the one offering, or neither. */
  side: 'receiver' | 'sender' | 'other';
  /** The receiving organisation, only when the caller belongs to it (so the page can offer to switch there). */
  receiver: { id: number; name: string } | null;
}

/** The link a sender hands out for a token. */
export function transferLinkUrl(origin: string, token: string): string {
  return `${origin}${RECEIVE_ROUTE}?token=${encodeURIComponent(token)}`;
}
