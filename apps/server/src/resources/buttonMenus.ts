import { and, isNull, like, sql } from 'drizzle-orm';
import { resources } from '@gx/contract';
import type { Executor } from '../db/client';
import { buttons, menus } from '../db/schema';

/**
 * Attaches each resource's buttons (`<resource key>.*`) to the menu of its page, so the role editor shows a page
 * with its buttons. Only buttons not yet attached are touched: an administrator's own choice stays.
 */
export async function linkButtonsToMenus(exec: Executor): Promise<void> {
  for (const r of resources) {
    if (!r.menu) continue;
    const prefix = `${r.key.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;
    await exec.update(buttons)
      .set({ menuId: sql`(select ${menus.id} from ${menus} where ${menus.name} = ${r.menu})` })
      .where(and(isNull(buttons.menuId), like(buttons.key, prefix), sql`exists (select 1 from ${menus} where ${menus.name} = ${r.menu})`));
  }
}
