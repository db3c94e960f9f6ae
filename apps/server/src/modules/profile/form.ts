import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Code, personalDataFormBody } from '@gx/contract';
import { users } from '../../db/schema';
import { zFile } from '../../http/body';
import type { RequestContext } from '../../http/context';
import { AppError, fail } from '../../http/errors';
import { storeImage } from '../upload/image';
import { assertOwnId } from './ownProfile';

/** A new avatar arrives as a file; any other value (the current URL, '') keeps the avatar as it is. */
export const personalFormBody = personalDataFormBody.extend({ photo: z.union([zFile, z.string()]).optional() });

export async function savePersonalForm(ctx: RequestContext, input: z.output<typeof personalFormBody>): Promise<{ photo: string }> {
  const userId = assertOwnId(ctx, input.id);
  const [u] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new AppError(Code.NOT_LOGGED_IN);
  // The phone is changed by verifying the new number, never by this form; a form that names another is refused.
  if (input.cellphone !== undefined && input.cellphone !== u.cellphone) throw fail.validation('cellphone', 'validation.phoneReadOnly');
  const photo = input.photo !== undefined && typeof input.photo !== 'string'
    ? await storeImage(ctx, ctx.user().orgId ?? 0, input.photo, 'photo')
    : u.photo;
  const before = { nickname: u.nickname, sex: u.sex, company_name: u.companyName, photo: u.photo };
  const after = { nickname: input.nickname, sex: input.sex ?? u.sex, company_name: input.company_name ?? u.companyName, photo };
  await ctx.db
    .update(users)
    .set({ nickname: after.nickname, sex: after.sex, companyName: after.company_name, photo, updatedAt: ctx.services.now() })
    .where(eq(users.id, userId));
  await ctx.audit(ctx.db, { target: userId, before, after });
  return { photo };
}
