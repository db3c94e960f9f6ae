import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  SCREEN_LINK_SUMMARY_PATH, SCREEN_METHODS, STATUS_ENABLED, screenLinkResource, screenLinkSummaryBody, type ScreenKind,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { hashToken } from '../../auth/token';
import { method, type EndpointSpec } from '../../http/endpoint';
import { fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { standingWithExpiry, userNameOf } from '../../resources/readColumns';
import { linkTokenOnAdd } from '../../resources/linkToken';

const SCREEN_KINDS = Object.keys(SCREEN_METHODS) as ScreenKind[];

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Display links of the big screens; the token is kept only as its SHA-256. */
export const screenLinks = pgTable('screen_links', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  screen: text('screen').notNull(),
  tokenHash: text('token_hash').notNull(),
  state: text('state').notNull().default('active'),
  expiresAt: ts('expires_at'),
  lastUsedAt: ts('last_used_at'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('screen_links_token_uq').on(t.tokenHash),
  index('screen_links_org_id_idx').on(t.orgId, t.id),
  index('screen_links_org_state_idx').on(t.orgId, t.state),
  index('screen_links_org_screen_idx').on(t.orgId, t.screen),
  index('screen_links_org_last_used_idx').on(t.orgId, t.lastUsedAt),
  index('screen_links_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
]);

const linkToken = linkTokenOnAdd();

/**
 * A holder of `monitor.screen_link.add` makes a link to one big screen of the organisation: its token is answered
 * once (the console shows the link with its QR code); `revoke` ends it; the summary call through it (below)
 * notes when it was last used.
 */
export const screenLinkBinding = defineResource({
  decl: screenLinkResource,
  table: screenLinks,
  tenant: { kind: 'column', column: screenLinks.orgId },
  columns: {
    standing: standingWithExpiry(screenLinks.state, 'active', screenLinks.expiresAt),
    created_by_name: userNameOf(screenLinks.createdBy),
  },
  hooks: {
    async beforeAdd(ctx, _exec, input, values) {
      linkToken.issue(ctx, input, values);
      values.state = 'active';
    },
    addAnswer: linkToken.answer,
  },
});

/** A screen's summary for an organisation, as the signed-in screens read it too (`plugin.ts`). */
export type ScreenSummaries = Record<ScreenKind, (exec: Executor, orgId: number, now: Date) => Promise<unknown>>;

/** A link's use is written at most this often: a display asks every 30 s, and its row need not be rewritten each time. */
const USE_NOTED_EVERY_MS = 5 * 60_000;

/**
 * `POST /v3/screen/summary` (public): the summary of the screen the method names, for the organisation of the
 * display link in `key`. Unknown, revoked or expired links, a link to another screen and a disabled organisation are
 * all the same "not found": the token is the capability, and a refusal tells nothing about why.
 */
export function screenLinkSummaryEndpoint(summaries: ScreenSummaries): EndpointSpec {
  const methods = Object.fromEntries(SCREEN_KINDS.map((kind) => [kind, method({
    access: 'public', readOnly: true, body: screenLinkSummaryBody,
    handler: async (ctx, b) => {
      const now = ctx.services.now();
      const [link] = await ctx.db.select({ id: screenLinks.id, orgId: screenLinks.orgId, lastUsedAt: screenLinks.lastUsedAt }).from(screenLinks)
        .innerJoin(organizations, eq(organizations.id, screenLinks.orgId))
        .where(and(
          eq(screenLinks.tokenHash, hashToken(b.key)), eq(screenLinks.screen, kind), eq(screenLinks.state, 'active'),
          or(isNull(screenLinks.expiresAt), gt(screenLinks.expiresAt, now)), eq(organizations.status, STATUS_ENABLED),
        )).limit(1);
      if (!link) throw fail.notFound();
      if (!link.lastUsedAt || now.getTime() - link.lastUsedAt.getTime() >= USE_NOTED_EVERY_MS) {
        await ctx.db.update(screenLinks).set({ lastUsedAt: now }).where(eq(screenLinks.id, link.id));
      }
      return summaries[kind](ctx.db, link.orgId, now);
    },
  })]));
  return { path: SCREEN_LINK_SUMMARY_PATH, methods };
}
