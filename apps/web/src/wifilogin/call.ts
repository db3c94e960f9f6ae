import { API_PREFIX, Code, type Envelope, type Lang } from '@gx/contract';

/** A refusal or a failure of a portal call, with what the page needs to show it beside the right input. */
export class PortalFailure extends Error {
  constructor(readonly code: number, message: string, readonly field: string | undefined, readonly retryAfter: number) {
    super(message);
  }
}

/**
 * One public call of the portal (POST, JSON, the guest's language), without the console's request layer: no
 * session, no overlay, no toast — the page says what went wrong beside its form. Network trouble is a failure with
 * code 0 and the page's own wording.
 */
export async function portalCall<T>(path: string, body: Record<string, unknown>, lang: Lang, networkText: string): Promise<T> {
  let envelope: Envelope<T>;
  try {
    const res = await fetch(`${API_PREFIX}${path}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Accept-Language': lang, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      // An ad's click is counted while its link opens: the call must outlive a page that goes away.
      keepalive: true,
    });
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new PortalFailure(0, networkText, undefined, 0);
  }
  if (envelope.code === Code.OK) return envelope.data as T;
  const retryAfter = Number((envelope.data as { retryAfter?: unknown } | undefined)?.retryAfter ?? 0);
  throw new PortalFailure(envelope.code, envelope.msg || networkText, envelope.field, Number.isFinite(retryAfter) ? retryAfter : 0);
}
