import { defineServerArea } from '../../http/area';
import { personalDataEndpoint } from './index';

/** The signed-in user's own data (SPEC §7 personal data). */
export const profileArea = defineServerArea({ key: 'profile', endpoints: [personalDataEndpoint] });
