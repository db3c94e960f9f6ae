import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { Code, domainConfigFormBody, type DomainConfigDetail } from '@gx/contract';
import { domainConfigs, smsTemplates } from '../../db/schema';
import { zFile, type UploadedFile } from '../../http/body';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { hostOf } from '../index/domainConfig';
import { storeImage } from '../upload/image';

type BrandingRow = typeof domainConfigs.$inferSelect;

/**
 * Who may see and change a page configuration (SPEC §2, §6): only on a custom-domain deployment (the request's
 * host has an OEM branding row), only that host's own configuration, and only platform administrators or callers
 * working in the domain's organisation (their `system.domain_config.*` key is checked in that organisation).
 */
async function brandingOfThisDeployment(ctx: RequestContext, domain: string): Promise<BrandingRow> {
  const host = hostOf(ctx.req.hostname);
  const [row] = await ctx.db.select().from(domainConfigs).where(eq(domainConfigs.domain, host)).limit(1);
  if (!row || row.domainOem !== 1) throw fail.forbidden('validation.notCustomDomain');
  const p = ctx.user();
  if (domain.trim().toLowerCase() !== host || (!p.isAdmin && row.orgId !== p.orgId)) throw fail.notFound();
  return row;
}

export function brandingDetail(row: BrandingRow): DomainConfigDetail {
  return {
    domain: row.domain,
    home_title: row.homeTitle,
    icon: row.icon,
    iconurl: row.icon,
    home_logo: row.homeLogo,
    logourl: row.homeLogo,
    company: row.company,
    company_url: row.companyUrl,
    telephone: row.telephone,
    msg_id: row.msgId,
  };
}

export const domainConfigBody = z.object({ domain: z.string().trim().min(1, 'validation.required').max(253) });

export async function readDomainConfig(ctx: RequestContext, input: z.output<typeof domainConfigBody>): Promise<DomainConfigDetail> {
  return brandingDetail(await brandingOfThisDeployment(ctx, input.domain));
}

/** Icon and logo: a new image file, or the stored value sent back unchanged. */
const imageOrCurrent = z.union([zFile, z.string().trim()]);
export const domainConfigFormWithImages = domainConfigFormBody.extend({ icon: imageOrCurrent, home_logo: imageOrCurrent });

async function imageField(ctx: RequestContext, orgId: number, value: UploadedFile | string, current: string, field: string): Promise<string> {
  if (typeof value !== 'string') return storeImage(ctx, orgId, value, field);
  if (value === '' || value !== current) throw fail.validation(field, 'validation.imageRequired');
  return current;
}

export async function saveDomainConfig(ctx: RequestContext, input: z.output<typeof domainConfigFormWithImages>): Promise<DomainConfigDetail> {
  const row = await brandingOfThisDeployment(ctx, input.domain);
  const orgId = row.orgId ?? 0;
  if (input.msg_id !== '') {
    const [tpl] = await ctx.db
      .select({ id: smsTemplates.id })
      .from(smsTemplates)
      .where(and(eq(smsTemplates.id, input.msg_id), eq(smsTemplates.orgId, orgId)))
      .limit(1);
    if (!tpl) throw new AppError(Code.NOT_FOUND, undefined, 'msg_id');
  }
  const icon = await imageField(ctx, orgId, input.icon, row.icon, 'icon');
  const homeLogo = await imageField(ctx, orgId, input.home_logo, row.homeLogo, 'home_logo');
  const [saved] = await ctx.db
    .update(domainConfigs)
    .set({
      homeTitle: input.home_title, icon, homeLogo, company: input.company, companyUrl: input.company_url,
      telephone: input.telephone, msgId: input.msg_id === '' ? '' : String(input.msg_id), updatedAt: ctx.services.now(),
    })
    .where(eq(domainConfigs.domain, row.domain))
    .returning();
  if (!saved) throw fail.notFound();
  await ctx.audit(ctx.db, { target: row.domain, before: brandingDetail(row), after: brandingDetail(saved) });
  return brandingDetail(saved);
}
