import { describe, expect, it } from 'vitest';
import { attachmentName } from './request';

describe('the file name of a streamed answer', () => {
  it('reads RFC 5987\'s UTF-8 name first, then the plain one, then the fallback', () => {
    expect(attachmentName(`attachment; filename="___-20261128.csv"; filename*=UTF-8''${encodeURIComponent('设备-20261128.csv')}`, 'x')).toBe('设备-20261128.csv');
    expect(attachmentName('attachment; filename="device-binding-20261128093000.xlsx"', 'x')).toBe('device-binding-20261128093000.xlsx');
    expect(attachmentName("attachment; filename=\"plain.csv\"; filename*=UTF-8''%E0%A4%A", 'x')).toBe('plain.csv');
    expect(attachmentName(null, 'download')).toBe('download');
  });
});
