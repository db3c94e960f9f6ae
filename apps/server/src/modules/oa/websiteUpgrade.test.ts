import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { buttons, menus, roleButtons, roleMenus } from '../../db/schema';
import { authorityGroups } from '../../db/schema/system';
import { seed } from '../../db/seed/seed';
import { seedInputOf } from '../../http/area';
import { bothEngines } from '../../testing/testApp';
import { journalDatabase } from '../../testing/journalDatabase';
import { productAreas } from '../areas';
import { technicalTypes, websiteContents } from './website';

/** The journal up to the media library (0049): the last release with the one "Website content" page. */
const BEFORE_SECTIONS = 50;

/**
 * Issue 14: an installation whose roles and permission groups managed the one "Website content" page upgrades to a
 * page per section with the same rights on every section, its entries kept, its technical articles filed under a
 * category.
 */
describe.each(bothEngines)('upgrading the website content page to its sections (%s)', (engine) => {
  let database: Database;
  let close: () => Promise<void>;
  const ids = { role: 0, group: 0, article: 0, news: 0 };

  beforeAll(async () => {
    const old = await journalDatabase(engine, BEFORE_SECTIONS);
    ({ database, close } = old);
    const one = old.one.bind(old);
    await seed(database, undefined, seedInputOf(productAreas));
    // What the old release's seed made for the page, and a role and a permission group holding it.
    const oa = (await one<{ id: number }>(sql`select id from menus where name = 'oa'`)).id;
    await database.db.execute(sql`update menus set redirect = '/oa/website' where id = ${oa}`);
    const page = (await one<{ id: number }>(sql`insert into menus (parent_id, path, name, title, component) values (${oa}, '/oa/website', 'oa-website', 'route.oa.website', 'oa/website') returning id`)).id;
    await database.db.execute(sql`insert into buttons (key, title) values ('oa.website.list', 'perm.oa.website.list'), ('oa.website.update', 'perm.oa.website.update')`);
    ids.role = (await one<{ id: number }>(sql`insert into roles (org_id, name) values (1, 'Web editors') returning id`)).id;
    await database.db.execute(sql`insert into role_menus (role_id, menu_id) values (${ids.role}, ${oa}), (${ids.role}, ${page})`);
    await database.db.execute(sql`insert into role_buttons (role_id, button_id) select ${ids.role}, id from buttons where key like 'oa.website.%'`);
    ids.group = (await one<{ id: number }>(sql`insert into authority_groups (name, menu_ids, button_ids)
      values ('Web', array[${page}]::integer[], (select array_agg(id) from buttons where key = 'oa.website.list')) returning id`)).id;
    ids.article = (await one<{ id: number }>(sql`insert into website_contents (kind, title, status) values ('technical', 'Roaming', 1) returning id`)).id;
    ids.news = (await one<{ id: number }>(sql`insert into website_contents (kind, title, status) values ('information', 'Launch', 1) returning id`)).id;

    await runMigrations(database);
    await seed(database, undefined, seedInputOf(productAreas));
  }, 180_000);
  afterAll(async () => close());

  it('gives the role every section page and the same buttons on each, and drops the old page', async () => {
    const exec = database.db as unknown as Executor;
    const held = await exec.select({ name: menus.name }).from(roleMenus).innerJoin(menus, eq(menus.id, roleMenus.menuId)).where(eq(roleMenus.roleId, ids.role));
    expect(held.map((m) => m.name)).toEqual(expect.arrayContaining(['oa', 'oa-banner', 'oa-information', 'oa-technical', 'oa-text', 'oa-technicalType']));
    expect(await exec.select().from(menus).where(eq(menus.name, 'oa-website'))).toEqual([]);
    expect((await exec.select({ redirect: menus.redirect }).from(menus).where(eq(menus.name, 'oa')))[0]?.redirect).toBe('/oa/banner');
    const keys = (await exec.select({ key: buttons.key }).from(roleButtons).innerJoin(buttons, eq(buttons.id, roleButtons.buttonId)).where(eq(roleButtons.roleId, ids.role))).map((b) => b.key);
    expect(keys).toEqual(expect.arrayContaining(['oa.banner.list', 'oa.banner.update', 'oa.banner.upload_image', 'oa.information.import_word', 'oa.technical_type.update', 'oa.text.list']));
    expect(keys.filter((k) => k.startsWith('oa.website.'))).toEqual([]);
    expect(keys).not.toContain('oa.banner.remove');
  });

  it('moves the permission group onto the sections', async () => {
    const exec = database.db as unknown as Executor;
    const [g] = await exec.select().from(authorityGroups).where(eq(authorityGroups.id, ids.group));
    const pageNames = (await exec.select({ name: menus.name }).from(menus).where(inArray(menus.id, g!.menuIds))).map((m) => m.name);
    expect(pageNames).toEqual(expect.arrayContaining(['oa-banner', 'oa-scheme', 'oa-text']));
    const keys = (await exec.select({ key: buttons.key }).from(buttons).where(inArray(buttons.id, g!.buttonIds))).map((b) => b.key);
    expect(keys).toEqual(expect.arrayContaining(['oa.banner.list', 'oa.case.list', 'oa.technical_type.list']));
    expect(keys).not.toContain('oa.banner.update');
  });

  it('keeps the entries, filing the technical article under a category', async () => {
    const exec = database.db as unknown as Executor;
    const rows = await exec.select().from(websiteContents).where(inArray(websiteContents.id, [ids.article, ids.news]));
    expect(rows.map((r) => [r.title, r.status])).toEqual(expect.arrayContaining([['Roaming', 1], ['Launch', 1]]));
    const [type] = await exec.select().from(technicalTypes);
    expect(type?.name).toBe('General');
    expect(rows.find((r) => r.id === ids.article)?.technicalTypeId).toBe(type!.id);
    expect(rows.find((r) => r.id === ids.news)?.technicalTypeId).toBeNull();
  });
});
