import { eq, type SQL } from 'drizzle-orm';
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

function tenantWhere(b: ResourceServer, orgId: number): SQL | undefined {
  if (b.tenant.kind === 'column') return eq(b.tenant.column, orgId);
  if (b.tenant.kind === 'custom') return b.tenant.where(orgId);
  return undefined;
}

/**
 * The condition every query on the resource carries for this caller. Platform-wide resources refuse anyone but
 * platform operators (forbidden, whatever keys their roles hold).
 */
export function accessScope(ctx: RequestContext, b: ResourceServer): SQL | undefined {
  const p = ctx.user();
  if (b.tenant.kind === 'platform') {
    if (!isPlatformOperator(p)) throw fail.forbidden();
    return undefined;
  }
  if (b.decl.platformSeesAll && isPlatformOperator(p)) return undefined;
  return tenantWhere(b, ctx.orgId());
}

/**
 * The condition under which a row of this resource may be *referenced* from another resource's form: an
 * organisation's rows for tenant resources, any row of a platform-wide one (an order names a catalogue app).
 */
export function referenceScope(ctx: RequestContext, b: ResourceServer): SQL | undefined {
  if (b.tenant.kind === 'platform') return undefined;
  return tenantWhere(b, ctx.orgId());
}
