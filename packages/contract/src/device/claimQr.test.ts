import { describe, expect, it } from 'vitest';
import { claimQrText, parseClaimQr } from './claimQr';

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
});
