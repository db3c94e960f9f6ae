import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { setThemeBody, Theme } from '@gx/contract';
import { users } from '../../db/schema';
import type { RequestContext } from '../../http/context';

/** SPEC §4: the theme is saved on the server, then the console applies it. */
export async function setTheme(ctx: RequestContext, input: z.output<typeof setThemeBody>): Promise<{ theme: Theme }> {
  const p = ctx.user();
  const [before] = await ctx.db.select({ theme: users.theme }).from(users).where(eq(users.id, p.userId));
  await ctx.db.update(users).set({ theme: input.theme, updatedAt: ctx.services.now() }).where(eq(users.id, p.userId));
  await ctx.audit(ctx.db, { target: p.userId, before: { theme: before?.theme }, after: { theme: input.theme } });
  return { theme: input.theme };
}
