import { defineServerArea } from '../../http/area';
import { indexEndpoints } from './index';
import { registerCaptcha } from './captcha';

/** Sign-in and the session: what the console needs before and right after sign-in, and the captcha image (GET). */
export const indexArea = defineServerArea({ key: 'index', endpoints: indexEndpoints, plugin: registerCaptcha });
