import { and, eq, type SQL } from 'drizzle-orm';
import { PLATFORM_ORG_ID } from '@gx/contract';
import type { Principal, RequestContext } from '../http/context';
import { fail } from '../http/errors';
import type { ResourceServer } from './types';

/**
 * Tenancy (DESIGN §4): which rows of a resource a caller may touch. Platform administrators are scoped to their
 * current organisation like everyone else, except on platform-wide resources and on logs declared
 * `platformSeesAll`.
 */

/** Platform administrators, and staff of the platform organisation (their rights still come from roles). */
export function isPlatformOperator(p: Principal): boolean {
  return p.isAdmin || p.orgId === PLATFORM_ORG_ID;
}

export function tenantWhere(b: ResourceServer, orgId: number): SQL | undefined {
  if (b.tenant.kind === 'column') return b.tenant.within ? and(eq(b.tenant.column, orgId), b.tenant.within) : eq(b.tenant.column, orgId);
  if (b.tenant.kind === 'custom') return b.tenant.where(orgId);
  return b.tenant.within;
}

/**
 * The condition every query on the resource carries for this caller. Platform-wide resources refuse anyone but
 * platform operators (forbidden, whatever keys their roles hold).
 */
export function accessScope(ctx: RequestContext, b: ResourceServer): SQL | undefined {
  const p = ctx.user();
  if (b.tenant.kind === 'platform') {
    if (!isPlatformOperator(p)) throw fail.forbidden();
    return b.tenant.within;
  }
  if (b.decl.platformSeesAll && isPlatformOperator(p)) return undefined;
  return tenantWhere(b, ctx.orgId());
}

/**
 * The condition under which a row of this resource may be *referenced* from another resource's form: an
 * organisation's rows for tenant resources, any row of a platform-wide one (an order names a catalogue app).
 */
/**
 * The holders of a row (`usedBy`) a removal touches, as this caller sees them: a platform-wide row's removal touches
 * every organisation's holders (its operators see them all); an organisation's row, only that organisation's —
 * a user leaving one organisation is no concern of the departments it heads in another, nor are they named.
 */
export function holderScope(ctx: RequestContext, owner: ResourceServer, holder: ResourceServer): SQL | undefined {
  if (holder.tenant.kind === 'platform') return holder.tenant.within;
  if (owner.tenant.kind === 'platform' && isPlatformOperator(ctx.user())) return undefined;
  return tenantWhere(holder, ctx.orgId());
}

export function referenceScope(ctx: RequestContext, b: ResourceServer): SQL | undefined {
  if (b.tenant.kind === 'platform') return b.tenant.within;
  return tenantWhere(b, ctx.orgId());
}
