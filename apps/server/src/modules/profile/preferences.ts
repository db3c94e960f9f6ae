import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Code, declarations, type ColumnPrefs, type Preferences, type setPreferenceBody } from '@gx/contract';
import { userPreferences } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';

const listColumns = new Map(declarations.map((d) => [d.key, new Set(d.list.columns.map((c) => c.field))]));

/** The signed-in user's preferences, key → value: about the person, the same in every organisation. */
export async function readPreferences(ctx: RequestContext): Promise<Preferences> {
  const rows = await ctx.db.select({ key: userPreferences.key, value: userPreferences.value }).from(userPreferences)
    .where(eq(userPreferences.userId, ctx.user().userId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value as ColumnPrefs]));
}

/** Saves or forgets one preference; a key naming no list, or columns that list lacks, is refused on its field. */
export async function setPreference(ctx: RequestContext, input: z.output<typeof setPreferenceBody>): Promise<{ key: string; value: ColumnPrefs | null }> {
  const known = listColumns.get(input.key.slice('columns:'.length));
  if (!known) throw new AppError(Code.VALIDATION, 'validation.invalid', 'key');
  if (input.value && [...input.value.order, ...(input.value.shown ?? [])].some((f) => !known.has(f))) {
    throw new AppError(Code.VALIDATION, 'validation.invalid', 'value');
  }
  const userId = ctx.user().userId;
  const where = and(eq(userPreferences.userId, userId), eq(userPreferences.key, input.key));
  if (!input.value) await ctx.db.delete(userPreferences).where(where);
  else {
    const set = { value: input.value, updatedAt: ctx.services.now() };
    await ctx.db.insert(userPreferences).values({ userId, key: input.key, ...set }).onConflictDoUpdate({ target: [userPreferences.userId, userPreferences.key], set });
  }
  return { key: input.key, value: input.value };
}
