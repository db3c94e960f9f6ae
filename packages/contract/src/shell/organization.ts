import { z } from 'zod';
import { zRequiredText } from '../validators';
import type { OrganizationOption } from './profile';

/** Shell calls of the organization area: organisation self-service. Paths are `Api.shell.*`; see shell/index.ts. */

// ─── Organisation self-service: POST Api.shell.organization ─────────────────────────────────────────────────────

/** `join` {code}: the invitation code as shown to people (plain text, trimmed, case-insensitive). */
export const organizationJoinBody = z.object({ code: zRequiredText(64) });
/** `form` {name}: create an organisation; the caller becomes its owner and switches to it. Answer: {id, name}. */
export const organizationCreateBody = z.object({ name: zRequiredText(64) });
/** `mine` → data.list: the caller's organisations; `current` marks the one in use. */
export interface MyOrganization extends OrganizationOption {
  current: boolean;
  /** Present for organisations the caller owns, so the owner can hand it out. */
  invite_code?: string;
  /** When `invite_code` stops admitting anyone (ISO 8601); a fresh code is issued when the owner looks after that. */
  invite_expires_at?: string;
}
