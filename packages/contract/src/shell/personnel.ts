import { z } from 'zod';
import { zText } from '../validators';

/** Shell calls of the personnel area: the personnel picker. Paths are `Api.shell.*`; see shell/index.ts. */

// ─── Personnel picker: POST Api.shell.webmaster, method form_select ─────────────────────────────────────────────

/** `keyword` filters by name (nickname or username) substring. */
export const personnelSelectBody = z.object({ keyword: zText(64).optional().default('') });
export interface Warden {
  id: number;
  name: string;
  cellphone: string;
}
/** First PICKER_LIMIT (50, validators.ts) enabled members of the current organisation; `more` says there are others (refine). */
export interface PersonnelSelectAnswer {
  warden: Warden[];
  more: boolean;
}
