import { describe, expect, it } from 'vitest';
import { CsvError, parseProvisioningCsv } from './csv';

describe('provisioning CSV', () => {
  it('reads serial, secret, family and model, with a BOM, CRLF, quotes and an exported formula guard', () => {
    const text = '\uFEFFserial,secret,family,model\r\nGX0001,"se,cret",ig,GX-IG-5100\r\n\r\nGX0002,\'-abc,onu,"GX ""ONU"""\r\n';
    expect(parseProvisioningCsv(text)).toEqual([
      { serial: 'GX0001', secret: 'se,cret', family: 'ig', model: 'GX-IG-5100' },
      { serial: 'GX0002', secret: '-abc', family: 'onu', model: 'GX "ONU"' },
    ]);
  });

  it.each([
    ['serial,secret,type,model\nAAA,b,ig,m', /first line/],
    ['serial,secret,family,model\nA/1,b,ig,m', /line 2: serial/],
    ['serial,secret,family,model\nAAA,,ig,m', /line 2: secret/],
    ['serial,secret,family,model\nAAA,b,toaster,m', /line 2: family/],
    ['serial,secret,family,model\nAAA,b,ig,m\nAAA,c,ig,m', /line 3: serial AAA appears twice/],
  ])('refuses %j naming the line and the field', (text, message) => {
    expect(() => parseProvisioningCsv(text)).toThrow(CsvError);
    expect(() => parseProvisioningCsv(text)).toThrow(message);
  });
});
