import { Api, type WechatUserAuthAnswer } from '@gx/contract';
import { requestData } from '../../../api/request';

/** The /wxlogin callback: binds the WeChat account that scanned the QR to the signed-in user. */
export function completeWechatBinding(code: string, state: string): Promise<WechatUserAuthAnswer> {
  return requestData<WechatUserAuthAnswer>(Api.shell.wechatUserAuth, { code, state });
}
