import { and, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { allPages, pageKeyPrefixes, pageNames, type AreaManifest } from '@gx/contract';
import type { Executor } from '../db/client';
import { buttons, menus } from '../db/schema';

const likePrefix = (key: string) => `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/**
 * Attaches each page's buttons — its resources' operations (`<resource key>.*`, `<actionsAt key>.*`) and the keys it declares — to the
 * page's menu, so the role editor shows a page with its buttons. Only buttons not yet attached are touched: an
 * administrator's own choice stays.
 */
export async function linkButtonsToMenus(exec: Executor, list: readonly AreaManifest[]): Promise<void> {
  for (const { area, page } of allPages(list)) {
    const match: SQL[] = [
      ...pageKeyPrefixes(page).map((r) => like(buttons.key, likePrefix(r))),
      ...(page.permissions ?? []).map((p) => eq(buttons.key, p.key)),
    ];
    if (match.length === 0) continue;
    const name = pageNames(area, page).name;
    await exec.update(buttons)
      .set({ menuId: sql`(select ${menus.id} from ${menus} where ${menus.name} = ${name})` })
      .where(and(isNull(buttons.menuId), or(...match), sql`exists (select 1 from ${menus} where ${menus.name} = ${name})`));
  }
}
