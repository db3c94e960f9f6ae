import { sql, type SQL } from 'drizzle-orm';
import { allPages, pageKeyPrefixes, pageNames, type AreaManifest } from '@gx/contract';
import type { Executor } from '../db/client';
import { buttons, menus } from '../db/schema';

const likePrefix = (key: string) => `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

/**
 * Attaches each page's buttons — its resources' operations (`<resource key>.*`, `<actionsAt key>.*`) and the keys it declares — to the
 * page's menu, so the role editor shows a page with its buttons. Only buttons not yet attached are touched: an
 * administrator's own choice stays. A button two pages would take goes to the first of them (in manifest order)
 * whose menu exists. One statement for every page (it runs on every start; a statement a page took ~0.2 s of CPU on
 * the embedded database).
 */
export async function linkButtonsToMenus(exec: Executor, list: readonly AreaManifest[]): Promise<void> {
  const rules: SQL[] = [];
  for (const { area, page } of allPages(list)) {
    const name = pageNames(area, page).name;
    const ord = rules.length;
    for (const r of pageKeyPrefixes(page)) rules.push(sql`(${ord}::int, ${name}, 'like', ${likePrefix(r)})`);
    for (const p of page.permissions ?? []) rules.push(sql`(${ord}::int, ${name}, 'eq', ${p.key})`);
  }
  if (!rules.length) return;
  await exec.execute(sql`update ${buttons} set menu_id = pick.menu_id
    from (
      select distinct on (b.id) b.id, m.id as menu_id
      from ${buttons} b
      join (values ${sql.join(rules, sql`, `)}) as v(ord, menu_name, kind, pattern)
        on (v.kind = 'like' and b.key like v.pattern) or (v.kind = 'eq' and b.key = v.pattern)
      join ${menus} m on m.name = v.menu_name
      where b.menu_id is null
      order by b.id, v.ord
    ) pick
    where ${buttons.id} = pick.id`);
}
