import { randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { closedObject, Code, methodField, pageQuery, smsTemplateResource, smsTestBody, type Page, type SmsLogRow } from '@gx/contract';
import { smsMessages, smsTemplates } from '../../db/schema';
import { method } from '../../http/endpoint';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { defineResource } from '../../resources/define';
import { sendSms } from './send';

async function ownTemplate(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(smsTemplates).where(and(eq(smsTemplates.id, id), eq(smsTemplates.orgId, ctx.orgId()))).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

/**
 * SPEC §7 SMS config (value-added service → SMS config): the current organisation's SMS templates, on the resource
 * engine, plus sending a test and reading the send log.
 */
export const smsTemplateBinding = defineResource({
  decl: smsTemplateResource,
  table: smsTemplates,
  tenant: { kind: 'column', column: smsTemplates.orgId },
  methods: {
    /** Sends the template to a phone with a sample code, so an administrator can see it arrive. */
    test: method({
      access: 'portal.sms.test',
      body: closedObject({ method: methodField, ...smsTestBody.shape }),
      fieldLabels: { phone: { zh_CN: '手机号', en: 'Phone number' } },
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
      body: closedObject({ method: methodField, ...pageQuery.shape }),
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
});
