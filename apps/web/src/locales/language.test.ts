import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('language choice (SPEC §4)', () => {
  it('the language cookie wins', () => {
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage('zh_CN', ['en-US'])).toBe('zh_CN');
  });
  it('without a cookie the browser language decides', () => {
    expect(pickLanguage(undefined, ['en-GB', 'zh-CN'])).toBe('en');
    expect(pickLanguage(undefined, ['zh-TW'])).toBe('zh_CN');
  });
  it('an unknown cookie value is ignored', () => {
    expect(pickLanguage('fr', ['en-US'])).toBe('en');
  });
  it('defaults to zh_CN', () => {
    expect(pickLanguage(undefined, [])).toBe('zh_CN');
    expect(pickLanguage(undefined, ['fr-FR'])).toBe('zh_CN');
  });
});
