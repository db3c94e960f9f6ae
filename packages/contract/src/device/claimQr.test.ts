import { describe, expect, it } from 'vitest';
import { claimLinkUrl, claimQrText, parseClaimQr } from './claimQr';

describe('claim label QR', () => {
  it('reads back what a label encodes, the number in capitals', () => {
    expect(parseClaimQr(claimQrText('GX-IG-0001', 'AB12CD34'))).toEqual({ serial: 'GX-IG-0001', authorization_number: 'AB12CD34' });
    expect(parseClaimQr(' GXCLAIM:1:GX-IG-0001:ab12cd34 \n')).toEqual({ serial: 'GX-IG-0001', authorization_number: 'AB12CD34' });
  });

  it('refuses any other text: another code, an unknown version, missing or malformed parts', () => {
    for (const text of ['https://example.com', 'GXCLAIM:2:GX-1:AB12CD34', 'GXCLAIM:1:GX-1', 'GXCLAIM:1::AB12CD34', 'GXCLAIM:1:GX 1:AB12CD34',
      'GXCLAIM:1:GX-1:AB12', 'GXCLAIM:1:GX-1:AB12CD34:extra', '']) {
      expect(parseClaimQr(text), text).toBeNull();
    }
  });

  it('reads a label that is a link to the claim page, and no other link', () => {
    const link = claimLinkUrl('https://console.example.com', 'GX-IG-0001', 'AB12CD34');
    expect(link).toBe('https://console.example.com/authorizedtoreceive?claim=GXCLAIM%3A1%3AGX-IG-0001%3AAB12CD34');
    expect(parseClaimQr(link)).toEqual({ serial: 'GX-IG-0001', authorization_number: 'AB12CD34' });
    for (const text of ['https://console.example.com/elsewhere?claim=GXCLAIM%3A1%3AGX-1%3AAB12CD34', 'https://x/authorizedtoreceive', 'http://%']) {
      expect(parseClaimQr(text), text).toBeNull();
    }
  });
});
