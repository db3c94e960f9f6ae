import { consultArea as manifest } from '@gx/contract';
import { defineServerArea } from '../../http/area';

/** Consult (SPEC §2): article categories (a tree) and articles with rich-text bodies, publishing and schedules. */
export const consultArea = defineServerArea({ key: 'consult', manifest });
