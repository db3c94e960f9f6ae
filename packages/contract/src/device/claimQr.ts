import { RULES } from '../resources/rules';

/**
 * What a unit's claim label encodes as a QR code: `GXCLAIM:1:<serial>:<authorization number>` (version 1). The
 * console's claim dialog reads it from the camera or a photo of the label and fills both fields; the warehouse
 * shows and prints it per unit. Neither part may hold `:` (serials and numbers never do).
 */
export const CLAIM_QR_PREFIX = 'GXCLAIM:1:';

export function claimQrText(serial: string, authorizationNumber: string): string {
  return `${CLAIM_QR_PREFIX}${serial}:${authorizationNumber}`;
}

/**
 * The label as a link to `/authorizedtoreceive?claim=GXCLAIM:1:…`: a phone's camera opens the page that claims the
 * unit for the signed-in user's organisation, and the console's claim dialog still reads both parts from it.
 */
export function claimLinkUrl(origin: string, serial: string, authorizationNumber: string): string {
  return `${origin}/authorizedtoreceive?claim=${encodeURIComponent(claimQrText(serial, authorizationNumber))}`;
}

/** The `claim` parameter of a link to the claim page, or the text itself when it is no such link. */
function unwrapLink(text: string): string {
  if (!/^https?:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    return url.pathname === '/authorizedtoreceive' ? url.searchParams.get('claim') ?? '' : '';
  } catch {
    return '';
  }
}

/** The serial and number a label's text (or link) names, or null for any other text (another QR code, a damaged read). */
export function parseClaimQr(text: string): { serial: string; authorization_number: string } | null {
  const t = unwrapLink(text.trim()).trim();
  if (!t.startsWith(CLAIM_QR_PREFIX)) return null;
  const [serial, number, ...rest] = t.slice(CLAIM_QR_PREFIX.length).split(':');
  if (rest.length || !serial || !number) return null;
  const authorization = number.toUpperCase();
  if (!RULES.serial.re.test(serial) || !RULES.authorizationNumber.re.test(authorization)) return null;
  return { serial, authorization_number: authorization };
}
