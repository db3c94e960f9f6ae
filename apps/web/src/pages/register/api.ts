import { Api, md5, type ExchangeAuthAnswer, type LoginAnswer, type SendCodeAnswer, type WechatTicketDetail } from '@gx/contract';
import { publicCall } from '../public/api';

/** The calls of /register, /wxlogin (signing in) and /wxbindpage; passwords leave the browser only as their MD5. */

export interface NewAccountValues {
  username: string;
  password: string;
  phone: string;
  smsCode: string;
}

const accountBody = (v: NewAccountValues) => ({
  username: v.username.trim(), password: md5(v.password), phone: v.phone.trim(), sms_code: v.smsCode.trim(), accept_terms: true,
});

/** A registration code to `phone`; `captcha` is the picture code (empty when the captcha is off). */
export function sendRegisterCode(phone: string, captcha: string): Promise<SendCodeAnswer> {
  return publicCall<SendCodeAnswer>(Api.index.register, { method: 'send_code', phone: phone.trim(), code: captcha.trim() });
}

export function registerAccount(v: NewAccountValues): Promise<LoginAnswer> {
  return publicCall<LoginAnswer>(Api.index.register, accountBody(v));
}

/** WeChat came back to /wxlogin: signed in, or a ticket for /wxbindpage. */
export function exchangeWechatLogin(code: string, state: string): Promise<ExchangeAuthAnswer> {
  return publicCall<ExchangeAuthAnswer>(Api.index.exchangeAuth, { code, state });
}

export function wechatTicket(ticket: string): Promise<WechatTicketDetail> {
  return publicCall<WechatTicketDetail>(Api.shell.wechatRegister, { method: 'detail', ticket });
}

export function bindWechatToAccount(ticket: string, v: { username: string; password: string; captcha: string }): Promise<LoginAnswer> {
  return publicCall<LoginAnswer>(Api.shell.wechatRegister, {
    method: 'bind', ticket, username: v.username.trim(), password: md5(v.password), code: v.captcha.trim(),
  });
}

export function registerWithWechat(ticket: string, v: NewAccountValues): Promise<LoginAnswer> {
  return publicCall<LoginAnswer>(Api.shell.wechatRegister, { method: 'register', ticket, ...accountBody(v) });
}
