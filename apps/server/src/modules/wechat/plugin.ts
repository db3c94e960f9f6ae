import { defineServerArea } from '../../http/area';
import { wechatUserAuthEndpoint } from './userAuth';
import { wechatRegisterEndpoint } from './register';

/** The WeChat binding callback, and binding a scanned identity to an account from /wxbindpage. */
export const wechatArea = defineServerArea({ key: 'wechat', endpoints: [wechatUserAuthEndpoint, wechatRegisterEndpoint] });
