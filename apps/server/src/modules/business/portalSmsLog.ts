import { sql } from 'drizzle-orm';
import { dailyStatsBody, permissionKey, portalSmsLogResource, type DailySeries } from '@gx/contract';
import { smsMessages, smsTemplates } from '../../db/schema';
import { countPerDay } from '../../db/daily';
import { method } from '../../http/endpoint';
import { defineResource } from '../../resources/define';
import { qualified } from '../../resources/sqlRef';

const m = smsMessages;

/**
 * The organisation's SMS send log (the table `send_msg_log` reads), read-only, with sent and failed per day. Codes
 * sent for nobody's organisation (registration) belong to no tenant and show nowhere.
 */
export const portalSmsLogBinding = defineResource({
  decl: portalSmsLogResource,
  table: smsMessages,
  tenant: { kind: 'column', column: m.orgId },
  columns: {
    // The organisation's template of that code today (the log keeps the code only); the oldest when several share it.
    template_name: sql<string>`coalesce((select t.name from ${smsTemplates} t where t.org_id = ${qualified(m.orgId)}
      and t.template_code = ${qualified(m.templateCode)} order by t.id limit 1), '')`,
  },
  methods: {
    /** Per day of the period in the reader's zone: messages sent and messages the provider refused. */
    statistics: method({
      access: permissionKey(portalSmsLogResource, 'list'),
      body: dailyStatsBody,
      readOnly: true,
      async handler(ctx, input): Promise<DailySeries> {
        const period = { from: input.from, to: input.to, tz: input.tz ?? 'UTC' };
        return countPerDay(ctx.db, { table: m, at: m.createdAt, key: m.status, orgId: m.orgId }, ctx.orgId(), period, ['sent', 'failed']);
      },
    }),
  },
});
