import { and, eq } from 'drizzle-orm';
import { Code, type PersonalDataDetailAnswer } from '@gx/contract';
import type { Executor } from '../../db/client';
import { domainConfigs, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { previousSignIn } from '../../auth/previousSignIn';
import { organizationsOf } from '../organization/membership';
import { wechatOf } from '../wechat/binding';

/**
 * SPEC §4 profile completeness: 1 when the profile lacks the information that identifies the person, i.e. it has
 * neither a name (nickname) nor a phone. Only the name is editable in the dialog (the phone is read-only there), so
 * a user the dialog forces open can always complete it.
 */
export function completeFlag(u: { nickname: string; cellphone: string }): 0 | 1 {
  return u.nickname.trim() === '' && u.cellphone.trim() === '' ? 1 : 0;
}

async function customDomainOf(exec: Executor, orgId: number | null): Promise<string> {
  if (orgId === null) return '';
  const [row] = await exec
    .select({ domain: domainConfigs.domain })
    .from(domainConfigs)
    .where(and(eq(domainConfigs.orgId, orgId), eq(domainConfigs.domainOem, 1)))
    .limit(1);
  return row?.domain ?? '';
}

export async function personalDetail(ctx: RequestContext): Promise<PersonalDataDetailAnswer> {
  const p = ctx.user();
  const [u] = await ctx.db.select().from(users).where(eq(users.id, p.userId)).limit(1);
  if (!u) throw new AppError(Code.NOT_LOGGED_IN);
  const orgs = await organizationsOf(ctx.db, u.id);
  const current = orgs.find((o) => o.id === u.currentOrgId);
  // "Last sign-in" is the one before this session, as on the dashboard: the latest is always the one in use.
  const previous = await previousSignIn(ctx.db, u.id, p.sessionId);
  return {
    detail: {
      id: u.id,
      username: u.username,
      mtime: previous?.at.toISOString() ?? null,
      loginip: previous?.ip ?? '',
      nickname: u.nickname,
      photo: u.photo,
      sex: u.sex === 0 || u.sex === 1 ? u.sex : 2,
      cellphone: u.cellphone,
      company_name: u.companyName,
      we_chart: await wechatOf(ctx.db, u.id),
      org: await customDomainOf(ctx.db, u.currentOrgId),
      theme: u.theme === 'dark' ? 'dark' : 'light',
    },
    organization: orgs.map((o) => ({ id: o.id, name: o.name })),
    or: current ? { o_id: current.id, name: current.name } : null,
    complete: completeFlag(u),
  };
}
