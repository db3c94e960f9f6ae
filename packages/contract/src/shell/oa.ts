import { z } from 'zod';
import { SUGGESTION_MAX } from '../validators';

/** Shell calls of the oa area: complaints and suggestions (SPEC §2 oa). Paths are `Api.shell.*`; see shell/index.ts. */

// ─── Suggestions: POST Api.shell.suggestion ─────────────────────────────────────────────────────────────────────

/** `form` {content}: any signed-in user; required, at most SUGGESTION_MAX (99999) characters. */
export const suggestionFormBody = z.object({
  content: z.string().trim().min(1, 'validation.required').max(SUGGESTION_MAX, 'validation.tooLong'),
});
/** `list` row (paged). status 0 new, 1 handled. The list and `handle` are the resource `oa.suggestion`. */
export interface SuggestionRow {
  id: number;
  content: string;
  status: 0 | 1;
  reply: string;
  user_id: number | null;
  username: string;
  org_id: number | null;
  created_at: string;
  handled_by: number | null;
  handled_at: string | null;
}
