/** The WeChat account a code stands for, after the OAuth exchange. */
export interface WechatIdentity {
  openid: string;
  unionid: string;
  nickname: string;
  avatar: string;
}

export type WechatExchange = { ok: true; identity: WechatIdentity } | { ok: false; error: string };

/** WeChat website login (QR, scope snsapi_login) behind one small interface; `local` needs no phone or network. */
export interface WechatProvider {
  readonly name: 'local' | 'wechat';
  readonly appId: string;
  /** The page the user opens (or the QR widget shows); WeChat then redirects to `redirectUri?code=…&state=…`. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** Code → identity (access_token, then userinfo). */
  exchange(code: string): Promise<WechatExchange>;
}
