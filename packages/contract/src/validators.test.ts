import { describe, expect, it } from 'vitest';
import { isPhone, isEmail, isLink, passwordProblem, isRoamingThreshold, isWifiPassword } from './validators';

describe('SPEC §5 validators', () => {
  it('phone: 11 digits, starting 1, second digit 3-9', () => {
    expect(isPhone('13812345678')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone('12812345678')).toBe(false);
    expect(isPhone('1381234567')).toBe(false);
    expect(isPhone('138123456789')).toBe(false);
  });
  it('email', () => {
    expect(isEmail('a.b@example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });
  it('link must start with http, https, mailto or tel', () => {
    for (const ok of ['http://x', 'https://x', 'mailto:a@b.c', 'tel:123']) expect(isLink(ok)).toBe(true);
    expect(isLink('ftp://x')).toBe(false);
    expect(isLink('javascript:alert(1)')).toBe(false);
  });
  it('password: 6-18, two classes, no Chinese', () => {
    expect(passwordProblem('abc12')).toBe('validation.passwordMin');
    expect(passwordProblem('abcdef')).toBe('validation.passwordFormat');
    expect(passwordProblem('123456')).toBe('validation.passwordFormat');
    expect(passwordProblem('ABCDEF')).toBe('validation.passwordFormat');
    expect(passwordProblem('!@#$%^')).toBe('validation.passwordFormat');
    expect(passwordProblem('abc123')).toBeNull();
    expect(passwordProblem('abc12中文')).toBe('validation.passwordFormat');
    expect(passwordProblem('a1'.repeat(10))).toBe('validation.passwordFormat');
  });
  it('roaming threshold: -100..-60 or 0', () => {
    expect(isRoamingThreshold(0)).toBe(true);
    expect(isRoamingThreshold(-60)).toBe(true);
    expect(isRoamingThreshold(-100)).toBe(true);
    expect(isRoamingThreshold(-59)).toBe(false);
    expect(isRoamingThreshold(-101)).toBe(false);
  });
  it('wifi password longer than 8', () => {
    expect(isWifiPassword('12345678')).toBe(false);
    expect(isWifiPassword('123456789')).toBe(true);
  });
});
