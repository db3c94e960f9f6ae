import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

describe('md5', () => {
  it('matches node crypto for ascii, empty, unicode and block-boundary inputs', () => {
    const inputs = ['', 'a', 'admin123', '密码Password!', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'q'.repeat(1000)];
    for (const s of inputs) expect(md5(s)).toBe(createHash('md5').update(s, 'utf8').digest('hex'));
  });
});
