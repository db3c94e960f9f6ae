import { randomInt } from 'node:crypto';

/**
 * Replaceable collaborators. Production uses the defaults; tests inject a fixed captcha or a moving clock.
 * External providers (SMS, WeChat, file store) join this list as they arrive.
 */
export interface Services {
  now(): Date;
  captchaText(): string;
}

// No 0/O, 1/I/l: the captcha must be readable.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function defaultServices(): Services {
  return {
    now: () => new Date(),
    captchaText: () => Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join(''),
  };
}
