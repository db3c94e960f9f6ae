import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  Code, WEATHER_PATH, weatherBody, type WeatherNow,
  PROGRAMME_PATH, SCREEN_RENDER_PATH, SCREEN_RENDER_ROUTE, STUDIO_KEYS, TEMPLATE_PATH, programmePublishBody, programmeSaveBody,
  templateLayout, templateSaveBody, type BoundValues, type ProgrammeItem, type ProgrammeRow, type ScreenRender, type ScreenStatus,
  type TemplateDetail, type TemplateLayout, type TemplatePreset, type TemplateRow,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import { devices, screenAssignments, screenProgrammes, screenTemplateVersions, screenTemplates } from '../../db/schema';
import { closedBody, method, type EndpointSpec } from '../../http/endpoint';
import { AppError, fail } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { announceAfterCommit, insertCommands, issuerOf, type Issuer } from '../equipment/commandBinding';
import { downloadBase } from '../upgrade/rollout';
import { uploadImageMethod } from '../upload/imageMethod';
import { inUseRefusal } from '../../resources/inUse';
import { programmeStreamEntries } from '../business/programmeStreamTables';

/** Items as stored: the template version is pinned when the programme is saved, so a later edit does not change what plays. */
interface StoredItem { template_id: number; version: number; seconds: number }

const SCREEN_FAMILY = 'screen';

function templateRow(r: typeof screenTemplates.$inferSelect): TemplateRow {
  return { id: r.id, name: r.name, preset: r.preset as TemplatePreset, version: r.version, updated_at: r.updatedAt.toISOString() };
}

async function ownTemplate(exec: Executor, orgId: number, id: number, field = 'id') {
  const [row] = await exec.select().from(screenTemplates).where(and(eq(screenTemplates.id, id), eq(screenTemplates.orgId, orgId))).limit(1);
  if (!row) throw fail.validation(field, 'validation.id');
  return row;
}

/** The template with the layout of `version` (an older one, to look at or restore by saving it), else the current one. */
async function templateDetail(exec: Executor, orgId: number, id: number, version?: number): Promise<TemplateDetail> {
  const row = await ownTemplate(exec, orgId, id);
  const versions = await exec.select({ version: screenTemplateVersions.version, layout: screenTemplateVersions.layout, at: screenTemplateVersions.createdAt })
    .from(screenTemplateVersions).where(eq(screenTemplateVersions.templateId, id)).orderBy(desc(screenTemplateVersions.version));
  const shown = versions.find((v) => v.version === (version ?? row.version));
  if (!shown) throw fail.validation('version', 'validation.id');
  return {
    ...templateRow(row), layout: shown.layout as TemplateLayout, shown_version: shown.version,
    versions: versions.map((v) => ({ version: v.version, created_at: v.at.toISOString() })),
  };
}

/** Screen templates: each save of an existing template adds a version; the layout was checked by the schema (kinds, bounds). */
export const screenTemplateEndpoint: EndpointSpec = {
  path: TEMPLATE_PATH,
  methods: {
    list: method({
      access: STUDIO_KEYS.templateView, body: closedBody(z.object({}), 'list'), readOnly: true,
      handler: async (ctx) => {
        const rows = await ctx.db.select().from(screenTemplates).where(eq(screenTemplates.orgId, ctx.orgId())).orderBy(desc(screenTemplates.updatedAt)).limit(500);
        return { list: rows.map(templateRow), total: rows.length };
      },
    }),
    detail: method({
      access: STUDIO_KEYS.templateView, readOnly: true,
      body: closedBody(z.object({ id: z.number().int().min(1), version: z.number().int().min(1).optional() }), 'detail'),
      handler: (ctx, b) => templateDetail(ctx.db, ctx.orgId(), b.id, b.version),
    }),
    save: method({
      access: STUDIO_KEYS.templateSave, body: closedBody(templateSaveBody, 'save'),
      handler: async (ctx, b) => {
        const orgId = ctx.orgId();
        const now = ctx.services.now();
        let id: number;
        let version: number;
        if (b.id === undefined) {
          const [made] = await ctx.db.insert(screenTemplates).values({ orgId, name: b.name, preset: b.preset, version: 1, createdAt: now, updatedAt: now }).returning();
          id = made!.id;
          version = 1;
        } else {
          // Row lock: two saves of one template at once get consecutive versions, never the same one.
          const [row] = await ctx.db.select().from(screenTemplates)
            .where(and(eq(screenTemplates.id, b.id), eq(screenTemplates.orgId, orgId))).for('update').limit(1);
          if (!row) throw fail.validation('id', 'validation.id');
          id = row.id;
          version = row.version + 1;
          await ctx.db.update(screenTemplates).set({ name: b.name, preset: b.preset, version, updatedAt: now }).where(eq(screenTemplates.id, id));
        }
        await ctx.db.insert(screenTemplateVersions).values({ templateId: id, version, layout: b.layout, createdBy: ctx.user().userId, createdAt: now });
        await ctx.audit(ctx.db, { target: id, after: { name: b.name, preset: b.preset, version, elements: b.layout.elements.length } });
        return { id, version };
      },
    }),
    /** An image element's picture (JPEG/PNG under 10 MB, checked by content), stored like every upload; answers its URL. */
    upload_image: uploadImageMethod(STUDIO_KEYS.templateSave),
    /** Removes a template with all its versions; refused (IN_USE, naming them) while a programme plays it. */
    remove: method({
      access: STUDIO_KEYS.templateRemove, body: closedBody(z.object({ id: z.number().int().min(1) }), 'remove'),
      handler: async (ctx, b) => {
        const orgId = ctx.orgId();
        const row = await ownTemplate(ctx.db, orgId, b.id);
        const holding = sql`${screenProgrammes.items} @> ${JSON.stringify([{ template_id: b.id }])}::jsonb`;
        const playing = await ctx.db.select({ name: screenProgrammes.name }).from(screenProgrammes)
          .where(and(eq(screenProgrammes.orgId, orgId), holding)).orderBy(asc(screenProgrammes.id));
        if (playing.length) throw inUseRefusal(PROGRAMMES_LABEL, playing.length, playing.map((p) => p.name), ctx.lang);
        await ctx.db.delete(screenTemplates).where(eq(screenTemplates.id, row.id));
        await ctx.audit(ctx.db, { target: row.id, before: { name: row.name, preset: row.preset, version: row.version } });
        return { removed: 1 };
      },
    }),
  },
};

function programmeRow(r: typeof screenProgrammes.$inferSelect, names: Map<number, string>): ProgrammeRow {
  const items = (r.items as StoredItem[]).map((i): ProgrammeItem => ({ template_id: i.template_id, seconds: i.seconds, name: names.get(i.template_id) ?? '' }));
  return { id: r.id, name: r.name, items, start: r.startAt, end: r.endAt, updated_at: r.updatedAt.toISOString() };
}

async function screensOf(exec: Executor, orgId: number): Promise<ScreenStatus[]> {
  const rows = await exec.select({
    id: devices.id, serial: devices.serial, name: devices.name, online: devices.online, metrics: devices.metrics,
    programmeId: screenAssignments.programmeId, fields: screenAssignments.fields, token: screenAssignments.token,
  }).from(devices).leftJoin(screenAssignments, eq(screenAssignments.deviceId, devices.id))
    .where(and(eq(devices.orgId, orgId), eq(devices.family, SCREEN_FAMILY))).orderBy(asc(devices.serial)).limit(500);
  return rows.map((r) => {
    const m = (r.metrics ?? {}) as Record<string, unknown>;
    const playing = Number(m.playing) === 1;
    return {
      id: r.id, serial: r.serial, name: r.name, online: r.online === 1,
      programme_id: r.programmeId ?? null, fields: (r.fields ?? {}) as BoundValues,
      playing, playing_programme_id: playing && Number(m.programme_id) > 0 ? Number(m.programme_id) : null,
      render_path: r.token ? `${SCREEN_RENDER_ROUTE}/${r.token}` : null,
    };
  });
}

async function ownProgramme(exec: Executor, orgId: number, id: number) {
  const [row] = await exec.select().from(screenProgrammes).where(and(eq(screenProgrammes.id, id), eq(screenProgrammes.orgId, orgId))).limit(1);
  if (!row) throw fail.validation('id', 'validation.id');
  return row;
}

async function overview(ctx: RequestContext) {
  const orgId = ctx.orgId();
  const templates = await ctx.db.select().from(screenTemplates).where(eq(screenTemplates.orgId, orgId)).orderBy(asc(screenTemplates.name)).limit(500);
  const names = new Map(templates.map((t) => [t.id, t.name]));
  const programmes = await ctx.db.select().from(screenProgrammes).where(eq(screenProgrammes.orgId, orgId)).orderBy(desc(screenProgrammes.updatedAt)).limit(200);
  return { templates: templates.map(templateRow), programmes: programmes.map((p) => programmeRow(p, names)), screens: await screensOf(ctx.db, orgId) };
}

/** A screen a programme goes to, with the values its templates' fields are filled with. */
export interface PublishScreen { device_id: number; fields: BoundValues }

/**
 * The one way a programme reaches screens (the editor's publish, the programme stream): assigns it to each screen of
 * `who`'s organisation and queues each a `play` command whose items are the screen's render links under `base`.
 * A screen that is not an enabled screen of the organisation is refused naming `field(i)`, nothing written.
 * Answers the commands, to announce once `exec` commits.
 */
export async function publishProgrammeToScreens(
  exec: Executor, who: Issuer, programme: { id: number; items: unknown }, screens: readonly PublishScreen[], base: string,
  field = (i: number) => `screens.${i}.device_id`,
): Promise<{ made: { id: number; deviceId: number }[]; targets: { id: number; online: number }[] }> {
  const ids = screens.map((s) => s.device_id);
  const targets = ids.length
    ? await exec.select({ id: devices.id, online: devices.online }).from(devices)
      .where(and(eq(devices.orgId, who.orgId), eq(devices.family, SCREEN_FAMILY), eq(devices.status, 1), inArray(devices.id, ids)))
    : [];
  const known = new Set(targets.map((t) => t.id));
  const bad = screens.findIndex((s) => !known.has(s.device_id));
  if (bad >= 0) throw fail.validation(field(bad), 'validation.id');
  const existing = ids.length
    ? await exec.select({ deviceId: screenAssignments.deviceId, token: screenAssignments.token }).from(screenAssignments).where(inArray(screenAssignments.deviceId, ids))
    : [];
  const tokens = new Map(existing.map((e) => [e.deviceId, e.token]));
  const items = programme.items as StoredItem[];
  const made: { id: number; deviceId: number }[] = [];
  for (const s of screens) {
    // A screen keeps its render token across programmes: its browser stays pointed at the same address.
    const token = tokens.get(s.device_id) ?? randomBytes(32).toString('base64url');
    await exec.insert(screenAssignments).values({ deviceId: s.device_id, orgId: who.orgId, programmeId: programme.id, fields: s.fields, token, publishedAt: who.now })
      .onConflictDoUpdate({ target: screenAssignments.deviceId, set: { programmeId: programme.id, fields: s.fields, publishedAt: who.now } });
    const params = {
      programme_id: programme.id,
      items: items.map((it, i) => ({ url: `${base}${SCREEN_RENDER_ROUTE}/${token}?item=${i}`, seconds: it.seconds })),
    };
    made.push(...(await insertCommands(exec, who, [{ id: s.device_id }], 'play', params)).made);
  }
  return { made, targets };
}

const PROGRAMMES_LABEL = { zh_CN: '节目', en: 'programmes' } as const;
const SCREENS_LABEL = { zh_CN: '屏幕', en: 'screens' } as const;
const STREAM_ENTRIES_LABEL = { zh_CN: '节目流条目', en: 'programme stream entries' } as const;

/** Programmes (`/sifamodel/sifa`): saved with their template versions pinned, published to screens as `play`. */
export const programmeEndpoint: EndpointSpec = {
  path: PROGRAMME_PATH,
  methods: {
    overview: method({ access: STUDIO_KEYS.programmeView, body: closedBody(z.object({}), 'overview'), readOnly: true, handler: overview }),
    save: method({
      access: STUDIO_KEYS.programmeSave, body: closedBody(programmeSaveBody, 'save'),
      handler: async (ctx, b) => {
        const orgId = ctx.orgId();
        const ids = [...new Set(b.items.map((i) => i.template_id))];
        const found = await ctx.db.select({ id: screenTemplates.id, version: screenTemplates.version }).from(screenTemplates)
          .where(and(eq(screenTemplates.orgId, orgId), inArray(screenTemplates.id, ids)));
        const version = new Map(found.map((t) => [t.id, t.version]));
        const missing = b.items.findIndex((i) => !version.has(i.template_id));
        if (missing >= 0) throw fail.validation(`items.${missing}.template_id`, 'validation.id');
        const items: StoredItem[] = b.items.map((i) => ({ template_id: i.template_id, version: version.get(i.template_id)!, seconds: i.seconds }));
        const values = { name: b.name, items, startAt: b.start, endAt: b.end, updatedAt: ctx.services.now() };
        let id: number;
        if (b.id === undefined) {
          const [made] = await ctx.db.insert(screenProgrammes).values({ orgId, ...values }).returning({ id: screenProgrammes.id });
          id = made!.id;
        } else {
          const before = await ownProgramme(ctx.db, orgId, b.id);
          await ctx.db.update(screenProgrammes).set(values).where(eq(screenProgrammes.id, before.id));
          id = before.id;
        }
        await ctx.audit(ctx.db, { target: id, after: { name: b.name, items, start: b.start, end: b.end } });
        return { id };
      },
    }),
    publish: method({
      access: STUDIO_KEYS.programmePublish, body: closedBody(programmePublishBody, 'publish'),
      handler: async (ctx, b) => {
        const programme = await ownProgramme(ctx.db, ctx.orgId(), b.id);
        const who = issuerOf(ctx);
        const { made, targets } = await publishProgrammeToScreens(ctx.db, who, programme, b.screens, downloadBase(ctx.config.publicUrl, ctx.req));
        announceAfterCommit(ctx, who, made, targets);
        await ctx.audit(ctx.db, { target: programme.id, after: { screens: b.screens } });
        return { sent: b.screens.length };
      },
    }),
    /**
     * Removes a programme; refused (IN_USE, naming them) while screens are assigned it — publish another to them
     * first — or programme stream entries play it.
     */
    remove: method({
      access: STUDIO_KEYS.programmeRemove, body: closedBody(z.object({ id: z.number().int().min(1) }), 'remove'),
      handler: async (ctx, b) => {
        const orgId = ctx.orgId();
        const programme = await ownProgramme(ctx.db, orgId, b.id);
        const screens = await ctx.db.select({ serial: devices.serial, name: devices.name }).from(screenAssignments)
          .innerJoin(devices, eq(devices.id, screenAssignments.deviceId))
          .where(and(eq(screenAssignments.orgId, orgId), eq(screenAssignments.programmeId, programme.id))).orderBy(asc(devices.serial));
        if (screens.length) throw inUseRefusal(SCREENS_LABEL, screens.length, screens.map((d) => d.name || d.serial), ctx.lang);
        const entries = await ctx.db.select({ name: programmeStreamEntries.name }).from(programmeStreamEntries)
          .where(and(eq(programmeStreamEntries.orgId, orgId), eq(programmeStreamEntries.programmeId, programme.id))).orderBy(asc(programmeStreamEntries.id));
        if (entries.length) throw inUseRefusal(STREAM_ENTRIES_LABEL, entries.length, entries.map((e) => e.name), ctx.lang);
        await ctx.db.delete(screenProgrammes).where(eq(screenProgrammes.id, programme.id));
        await ctx.audit(ctx.db, { target: programme.id, before: { name: programme.name, items: programme.items } });
        return { removed: 1 };
      },
    }),
  },
};

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** The weather of every city the layouts' weather elements name, from the provider (cached per city). */
async function weatherOf(ctx: RequestContext, items: { layout: TemplateLayout }[]): Promise<Record<string, WeatherNow>> {
  const cities = [...new Set(items.flatMap((i) => i.layout.elements.flatMap((e) => (e.kind === 'weather' ? [e.city] : []))))];
  const now = ctx.services.now();
  const found = await Promise.all(cities.map((c) => ctx.services.weather.now(c, now)));
  return Object.fromEntries(found.flatMap((w, i) => (w ? [[cities[i]!, w]] : [])));
}

/** `POST /v3/admin/monitor/weather`: a weather element's preview in the editor (the template keys' holders). */
export const weatherEndpoint: EndpointSpec = {
  path: WEATHER_PATH,
  methods: {
    now: method({
      access: STUDIO_KEYS.templateView, body: weatherBody, readOnly: true,
      async handler(ctx, input): Promise<WeatherNow> {
        const w = await ctx.services.weather.now(input.city, ctx.services.now());
        if (!w) throw new AppError(Code.NOT_FOUND, 'validation.weatherCity', 'city');
        return w;
      },
    }),
  },
};

/**
 * What a screen's browser shows (`/screen-render/<token>`): the programme last published to it, each item at its
 * pinned version, with the screen's bound fields. The token is the capability; an unknown one is "not found".
 */
export const screenRenderEndpoint: EndpointSpec = {
  path: SCREEN_RENDER_PATH,
  methods: {
    default: method({
      access: 'public', readOnly: true, body: closedBody(z.object({ token: z.string().regex(TOKEN_RE, 'validation.invalid') })),
      handler: async (ctx, b): Promise<ScreenRender> => {
        const [a] = await ctx.db.select({ programmeId: screenAssignments.programmeId, fields: screenAssignments.fields })
          .from(screenAssignments).innerJoin(devices, eq(devices.id, screenAssignments.deviceId))
          .where(and(eq(screenAssignments.token, b.token), eq(devices.status, 1))).limit(1);
        if (!a) throw fail.notFound();
        const [p] = await ctx.db.select().from(screenProgrammes).where(eq(screenProgrammes.id, a.programmeId)).limit(1);
        if (!p) throw fail.notFound();
        const stored = p.items as StoredItem[];
        const layouts = stored.length
          ? await ctx.db.select({ templateId: screenTemplateVersions.templateId, version: screenTemplateVersions.version, layout: screenTemplateVersions.layout })
            .from(screenTemplateVersions)
            .where(sql`(${screenTemplateVersions.templateId}, ${screenTemplateVersions.version}) in (${sql.join(stored.map((i) => sql`(${i.template_id}, ${i.version})`), sql`, `)})`)
          : [];
        const byKey = new Map(layouts.map((l) => [`${l.templateId}:${l.version}`, templateLayout.parse(l.layout)]));
        const items = stored.flatMap((i) => {
          const layout = byKey.get(`${i.template_id}:${i.version}`);
          return layout ? [{ seconds: i.seconds, layout }] : [];
        });
        return { programme: { id: p.id, name: p.name, start: p.startAt, end: p.endAt }, items, fields: a.fields as BoundValues, weather: await weatherOf(ctx, items) };
      },
    }),
  },
};
