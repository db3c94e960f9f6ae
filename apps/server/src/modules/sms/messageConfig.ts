import { randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  Api, Code, pageQuery, smsTemplateBody, smsTestBody, zId, type Page, type SmsLogRow, type SmsTemplate,
} from '@gx/contract';
import { smsMessages, smsTemplates } from '../../db/schema';
import { method, type EndpointSpec } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { sendSms } from './send';

const idBody = z.object({ id: zId });
const updateBody = smsTemplateBody.extend({ id: zId });

const answer = (r: typeof smsTemplates.$inferSelect): SmsTemplate => ({
  id: r.id, name: r.name, content: r.content, sign: r.sign, template_code: r.templateCode,
});

async function ownTemplate(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(smsTemplates).where(and(eq(smsTemplates.id, id), eq(smsTemplates.orgId, ctx.orgId()))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

/** SPEC §7 SMS config (value-added service → SMS config): the current organisation's SMS templates. */
export const smsConfigEndpoint: EndpointSpec = {
  path: Api.shell.smsConfig,
  methods: {
    list: method({
      access: 'portal.sms.list',
      body: pageQuery,
      async handler(ctx, input): Promise<Page<SmsTemplate>> {
        const where = eq(smsTemplates.orgId, ctx.orgId());
        const [total] = await ctx.db.select({ n: count() }).from(smsTemplates).where(where);
        const rows = await ctx.db.select().from(smsTemplates).where(where).orderBy(desc(smsTemplates.id))
          .limit(input.size).offset((input.page - 1) * input.size);
        return { list: rows.map(answer), total: total?.n ?? 0, page: input.page, size: input.size };
      },
    }),
    add: method({
      access: 'portal.sms.add',
      body: smsTemplateBody,
      async handler(ctx, input): Promise<SmsTemplate> {
        const now = ctx.services.now();
        const [row] = await ctx.db.insert(smsTemplates).values({
          orgId: ctx.orgId(), name: input.name, content: input.content, sign: input.sign, templateCode: input.template_code,
          createdAt: now, updatedAt: now,
        }).returning();
        if (!row) throw new Error('template insert returned nothing');
        await ctx.audit(ctx.db, { target: row.id, after: answer(row) });
        return answer(row);
      },
    }),
    update: method({
      access: 'portal.sms.update',
      body: updateBody,
      async handler(ctx, input): Promise<SmsTemplate> {
        const before = await ownTemplate(ctx, input.id);
        const [row] = await ctx.db.update(smsTemplates).set({
          name: input.name, content: input.content, sign: input.sign, templateCode: input.template_code, updatedAt: ctx.services.now(),
        }).where(eq(smsTemplates.id, before.id)).returning();
        if (!row) throw fail.notFound();
        await ctx.audit(ctx.db, { target: row.id, before: answer(before), after: answer(row) });
        return answer(row);
      },
    }),
    remove: method({
      access: 'portal.sms.remove',
      body: idBody,
      async handler(ctx, input): Promise<null> {
        const before = await ownTemplate(ctx, input.id);
        await ctx.db.delete(smsTemplates).where(eq(smsTemplates.id, before.id));
        await ctx.audit(ctx.db, { target: before.id, before: answer(before) });
        return null;
      },
    }),
    /** Sends the template to a phone with a sample code, so an administrator can see it arrive. */
    test: method({
      access: 'portal.sms.test',
      body: smsTestBody,
      // The send log must keep a failed attempt, so the send is not undone with the refused call.
      transactional: false,
      async handler(ctx, input): Promise<{ sent: true }> {
        const tpl = await ownTemplate(ctx, input.id);
        const code = String(randomInt(100000, 1000000));
        const result = await sendSms(ctx.db, ctx.services.sms, ctx.orgId(), {
          phone: input.phone, signName: tpl.sign || ctx.config.sms.signName, templateCode: tpl.templateCode, params: { code },
        }, ctx.services.now());
        if (!result.ok) {
          ctx.req.log.warn({ provider: ctx.services.sms.name, error: result.error }, 'sms send failed');
          throw new AppError(Code.FAILED, 'validation.smsFailed');
        }
        return { sent: true };
      },
    }),
    /** The send log; a silent method in the console (SPEC §8). */
    send_msg_log: method({
      access: 'portal.sms.log',
      body: pageQuery,
      readOnly: true,
      async handler(ctx, input): Promise<Page<SmsLogRow>> {
        const where = eq(smsMessages.orgId, ctx.orgId());
        const [total] = await ctx.db.select({ n: count() }).from(smsMessages).where(where);
        const rows = await ctx.db.select().from(smsMessages).where(where).orderBy(desc(smsMessages.id))
          .limit(input.size).offset((input.page - 1) * input.size);
        return {
          list: rows.map((r) => ({
            id: r.id, phone: r.phone, template_code: r.templateCode, provider: r.provider,
            status: r.status === 'sent' ? 'sent' : 'failed', error: r.error, created_at: r.createdAt.toISOString(),
          })),
          total: total?.n ?? 0,
          page: input.page,
          size: input.size,
        };
      },
    }),
  },
};
