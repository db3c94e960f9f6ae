import { describe, expect, it } from 'vitest';
import { compareVersions, PACKAGE_MAX_BYTES, PACKAGE_UPLOAD_MAX_BYTES } from './firmware';

describe('package versions and limits', () => {
  it('orders versions segment by segment, numbers as numbers', () => {
    const sorted = ['1.10.0', '1.2', '1.2.1', '0.9.9', '1.2.0-rc1', '2.0.0', '1.2.0'].sort(compareVersions);
    expect(sorted).toEqual(['0.9.9', '1.2', '1.2.0', '1.2.0-rc1', '1.2.1', '1.10.0', '2.0.0']);
    expect(compareVersions('3.0.0', '3.0.0')).toBe(0);
  });

  it('limits each kind as SPEC §5/§9 says, and the streaming route to the largest', () => {
    expect(PACKAGE_MAX_BYTES).toEqual({ firmware: 100 * 1024 ** 2, app: 300 * 1024 ** 2, video: 1024 ** 3 });
    expect(PACKAGE_UPLOAD_MAX_BYTES).toBe(1024 ** 3);
  });
});
