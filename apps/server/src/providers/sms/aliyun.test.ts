import { describe, expect, it } from 'vitest';
import { aliyunSmsProvider, canonicalQuery, percentEncode, rpcTimestamp, sendSmsParams, signRpcV1, stringToSign } from './aliyun';

// The worked example of Aliyun's SMS documentation ("HTTP protocol and signature"): these parameters signed with
// AccessKeySecret "testSecret" over GET give zJDF+Lrzhj/ThnlvIToysFRq6t4=.
const DOC_PARAMS: Record<string, string> = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('Aliyun SendSms signature V1', () => {
  it('percent-encodes the POP way: space %20, * %2A, ~ kept', () => {
    expect(percentEncode('a b*c~d')).toBe('a%20b%2Ac~d');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
  });

  it('builds the documented canonical query and string to sign', () => {
    expect(canonicalQuery(DOC_PARAMS)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou'
      + '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8'
      + '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0'
      + '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(stringToSign('GET', DOC_PARAMS).startsWith('GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms')).toBe(true);
  });

  it('signs the documented example to the documented signature', () => {
    expect(signRpcV1('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('formats the timestamp without milliseconds', () => {
    expect(rpcTimestamp(new Date('2017-07-12T02:42:19.123Z'))).toBe('2017-07-12T02:42:19Z');
  });

  it('fills SendSms parameters and signs them for the POST it makes', () => {
    const o = { accessKeyId: 'testId', accessKeySecret: 'testSecret', now: () => new Date('2017-07-12T02:42:19Z'), nonce: () => '45e25e9b-0a6f-4070-8c85-2956eda1b466' };
    const p = sendSmsParams(o, { phone: '15300000001', signName: '阿里云短信测试专用', templateCode: 'SMS_71390007', params: { customer: 'test' }, outId: '123' }, 'GET');
    // Same parameters as the documentation except Format=JSON, so sign the documented set with JSON to compare.
    const { Signature, ...unsigned } = p;
    expect(unsigned).toEqual({ ...DOC_PARAMS, Format: 'JSON' });
    expect(Signature).toBe(signRpcV1('GET', { ...DOC_PARAMS, Format: 'JSON' }, 'testSecret'));
  });

  it('posts a form body and reads Code OK / an error code from the answer', async () => {
    const seen: { url: string; body: string }[] = [];
    const answers = [{ Code: 'OK', BizId: '900619746936498440^0' }, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'bad number' }];
    const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), body: String(init?.body) });
      return new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const provider = aliyunSmsProvider({ accessKeyId: 'id', accessKeySecret: 'secret', fetch: fakeFetch });
    const msg = { phone: '13800138000', signName: 'GX', templateCode: 'SMS_1', params: { code: '123456' } };
    expect(await provider.send(msg)).toEqual({ ok: true, providerId: '900619746936498440^0' });
    expect(await provider.send(msg)).toEqual({ ok: false, error: 'isv.MOBILE_NUMBER_ILLEGAL: bad number' });
    expect(seen[0]?.url).toBe('https://dysmsapi.aliyuncs.com/');
    const body = new URLSearchParams(seen[0]?.body);
    expect(body.get('Action')).toBe('SendSms');
    expect(body.get('TemplateParam')).toBe('{"code":"123456"}');
    const { Signature, ...rest } = Object.fromEntries(body);
    expect(Signature).toBe(signRpcV1('POST', rest, 'secret'));
  });

  it('reports a network failure instead of throwing', async () => {
    const provider = aliyunSmsProvider({ accessKeyId: 'id', accessKeySecret: 's', fetch: (async () => { throw new Error('ECONNREFUSED'); }) as typeof fetch });
    expect(await provider.send({ phone: '1', signName: 'x', templateCode: 'y', params: {} })).toEqual({ ok: false, error: 'ECONNREFUSED' });
  });
});
