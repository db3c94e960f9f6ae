import { describe, expect, it } from 'vitest';
import { fileSizeText } from './fileSize';

describe('file sizes', () => {
  it('reads in the largest unit that keeps the number at least 1', () => {
    expect(fileSizeText(0)).toBe('0 B');
    expect(fileSizeText(1023)).toBe('1023 B');
    expect(fileSizeText(1536)).toBe('1.5 KB');
    expect(fileSizeText(240 * 1024)).toBe('240 KB');
    expect(fileSizeText(1024 * 1024 * 1024 * 3)).toBe('3.0 GB');
    expect(fileSizeText(1024 ** 4)).toBe('1024 GB');
  });
});
