import { defineServerArea } from '../../http/area';
import { wechatUserAuthEndpoint } from './userAuth';

/** The WeChat sign-in callback. */
export const wechatArea = defineServerArea({ key: 'wechat', endpoints: [wechatUserAuthEndpoint] });
