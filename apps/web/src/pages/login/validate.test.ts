import { describe, expect, it } from 'vitest';
import { validateLogin } from './validate';

describe('login form rules (SPEC §5)', () => {
  it('a password shorter than 6 characters is refused', () => {
    expect(validateLogin({ username: 'admin', password: '12345', code: '' }, false)).toEqual({ password: 'validation.passwordMin' });
  });
  it('username, password and (when the captcha is on) code are required', () => {
    expect(validateLogin({ username: '  ', password: '', code: '' }, true)).toEqual({
      username: 'validation.usernameRequired',
      password: 'validation.passwordRequired',
      code: 'validation.codeRequired',
    });
  });
  it('no code is asked for when the captcha is off', () => {
    expect(validateLogin({ username: 'admin', password: 'secret1', code: '' }, false)).toEqual({});
  });
});
