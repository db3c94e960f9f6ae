import { and, desc, eq, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  Code, SCREEN_CHAT_WALL_MAX, screenChatResource, screenChatSendBody, screenChatWallBody, type ScreenChatSent, type ScreenChatWallEntry,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices, organizations } from '../../db/schema';
import { screenAssignments } from '../../db/schema/monitor';
import { method } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { moderationColumns, moderationHooks } from '../consult/moderation';
import { blockedWordIn } from './keywordBlacklist';
import { robotReply } from './robot';

const prefixIdx = (name: string, col: AnyPgColumn) => index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/** Guests' messages to a screen; `state` follows `MODERATION_LIFECYCLE`, only approved ones show. */
export const screenChats = pgTable('screen_chats', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
  nickname: text('nickname').notNull().default(''),
  content: text('content').notNull(),
  reply: text('reply').notNull().default(''),
  /** 'robot', 'staff', or '' before anyone replied. */
  repliedBy: text('replied_by').notNull().default(''),
  ...moderationColumns(),
}, (t) => [
  index('screen_chats_org_created_idx').on(t.orgId, t.createdAt),
  index('screen_chats_org_state_idx').on(t.orgId, t.state, t.createdAt),
  index('screen_chats_org_device_idx').on(t.orgId, t.deviceId, t.createdAt),
  index('screen_chats_org_id_idx').on(t.orgId, t.id),
  prefixIdx('screen_chats_nickname_prefix_idx', t.nickname),
]);

/** The screen a QR link's token names (its render capability), or a refusal naming `token`. */
async function screenOf(exec: Executor, token: string): Promise<{ orgId: number; deviceId: number }> {
  const [s] = await exec.select({ orgId: screenAssignments.orgId, deviceId: screenAssignments.deviceId }).from(screenAssignments).where(eq(screenAssignments.token, token));
  if (!s) throw new AppError(Code.NOT_FOUND, undefined, 'token');
  return s;
}

const moderation = moderationHooks(screenChats, screenChats.id, ['content']);

export const screenChatBinding = defineResource({
  decl: screenChatResource,
  table: screenChats,
  tenant: { kind: 'column', column: screenChats.orgId },
  hooks: { afterTransition: moderation.afterTransition },
  actions: {
    /** A member of staff answers under the message; the answer replaces a robot's. */
    async answer(ctx, exec, id, input) {
      await exec.update(screenChats).set({ reply: String(input.reply ?? ''), repliedBy: 'staff', updatedAt: ctx.services.now() }).where(eq(screenChats.id, id));
    },
  },
  methods: {
    /**
     * A guest's message from the link behind a screen's QR code (no sign-in; the link's token is the screen's render
     * capability). Refused naming a blocked word; otherwise it waits for moderation, and a robot may answer at once.
     */
    send: method({
      access: 'public',
      body: screenChatSendBody,
      fieldLabels: { token: { zh_CN: '屏幕', en: 'Screen' }, nickname: { zh_CN: '昵称', en: 'Nickname' }, content: { zh_CN: '内容', en: 'Message' } },
      async handler(ctx, input): Promise<ScreenChatSent> {
        const screen = await screenOf(ctx.db, input.token);
        const word = await blockedWordIn(ctx.db, screen.orgId, `${input.nickname}\n${input.content}`);
        if (word) throw new AppError(Code.VALIDATION, `validation.blockedWord:${word}`, 'content');
        const robot = await robotReply(ctx.db, screen.orgId, input.content, true);
        const now = ctx.services.now();
        const [row] = await ctx.db.insert(screenChats).values({
          orgId: screen.orgId, deviceId: screen.deviceId, nickname: input.nickname, content: input.content,
          reply: robot?.reply ?? '', repliedBy: robot ? 'robot' : '', createdAt: now, updatedAt: now,
        }).returning({ id: screenChats.id });
        return { id: row!.id, state: 'pending', reply: robot?.reply ?? null };
      },
    }),
    /** What the screen shows: its approved messages with their replies, newest first. No sign-in. */
    wall: method({
      access: 'public',
      body: screenChatWallBody,
      fieldLabels: { token: { zh_CN: '屏幕', en: 'Screen' } },
      readOnly: true,
      async handler(ctx, input): Promise<ScreenChatWallEntry[]> {
        const screen = await screenOf(ctx.db, input.token);
        const rows = await ctx.db.select().from(screenChats)
          .where(and(eq(screenChats.orgId, screen.orgId), eq(screenChats.deviceId, screen.deviceId), eq(screenChats.state, 'approved')))
          .orderBy(desc(screenChats.createdAt), desc(screenChats.id)).limit(SCREEN_CHAT_WALL_MAX);
        return rows.map((r) => ({ id: r.id, nickname: r.nickname, content: r.content, reply: r.reply, created_at: r.createdAt.toISOString() }));
      },
    }),
  },
});
