import { describe, expect, it } from 'vitest';
import { maskPhone } from './MaskedPhoneCell';

describe('maskPhone', () => {
  it('keeps the first three and last four digits of a number long enough to hide anything', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('85291234567890')).toBe('852*******7890');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone('')).toBe('');
  });
});
