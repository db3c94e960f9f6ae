import { describe, expect, it } from 'vitest';
import { registerFieldOf, validateRegister, validateSendCode, type RegisterValues } from './validate';

const good: RegisterValues = {
  username: 'new_person', password: 'Secret#2026', confirm: 'Secret#2026', phone: '13900000001', captcha: '', smsCode: '123456', accepted: true,
};

describe('the registration form\'s rules', () => {
  it('accept a complete form', () => {
    expect(validateRegister(good)).toEqual({});
  });

  it('name each broken field with its message', () => {
    expect(validateRegister({ ...good, username: ' ' }).username).toBe('validation.usernameRequired');
    expect(validateRegister({ ...good, username: 'a b' }).username).toBe('register.usernameRule');
    expect(validateRegister({ ...good, password: 'abc', confirm: 'abc' }).password).toBe('validation.passwordMin');
    // SPEC §5: at least two classes of characters.
    expect(validateRegister({ ...good, password: 'abcdefgh', confirm: 'abcdefgh' }).password).toBe('validation.passwordFormat');
    expect(validateRegister({ ...good, confirm: 'Secret#2027' }).confirm).toBe('validation.passwordMismatch');
    expect(validateRegister({ ...good, phone: '12900000001' }).phone).toBe('validation.phone');
    expect(validateRegister({ ...good, smsCode: '12345' }).smsCode).toBe('register.smsCodeRule');
    expect(validateRegister({ ...good, accepted: false }).accepted).toBe('register.acceptRequired');
  });

  it('ask for the phone, and the picture code when the captcha is on, before sending the SMS code', () => {
    expect(validateSendCode({ ...good, phone: '' }, false)).toEqual({ phone: 'register.phoneRequired' });
    expect(validateSendCode(good, true)).toEqual({ captcha: 'register.captchaFirst' });
    expect(validateSendCode({ ...good, captcha: 'K7PQ' }, true)).toEqual({});
  });

  it('map the server\'s field names onto the form', () => {
    expect(registerFieldOf('sms_code')).toBe('smsCode');
    expect(registerFieldOf('code')).toBe('captcha');
    expect(registerFieldOf('accept_terms')).toBe('accepted');
    expect(registerFieldOf('ticket')).toBeUndefined();
  });
});
