import { and, asc, eq, inArray, is, lt, or, isNull, sql, SQL, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldDecl, Label, Lang } from '@gx/contract';
import { users } from '../../db/schema/core';
import { screenTemplateVersions } from '../../db/schema/monitor';
import type { Executor } from '../../db/client';
import type { FileStore } from '../../providers/files/types';
import type { ResourceRegistry } from '../../resources/registry';
import { workOrderEvents } from '../business/workOrder';
import { fileKeyOfUrl, mediaFiles } from './media';

/**
 * Where a stored file's URL may be written down. `equals`: the column holds one URL (an image field, a video link);
 * `contains`: the URL sits inside text (a rich-text body, a screen layout).
 */
export interface MediaHolder {
  label: Label;
  table: PgTable;
  column: PgColumn;
  match: 'equals' | 'contains';
  /** What names a holding row in a refusal. */
  name: PgColumn | SQL;
  /** The holder's rows within its table (one website section of the shared table), so a row is named once. */
  where?: SQL;
}

function holds(f: FieldDecl): MediaHolder['match'] | null {
  if (f.type === 'image' || f.rule === 'mediaLink') return 'equals';
  if (f.type === 'richtext') return 'contains';
  return null;
}

/**
 * Holders outside the resource declarations: an avatar, a work-order photo on the timeline, a screen template's
 * layout (every saved version, since a programme may still play an older one).
 */
const UNDECLARED_HOLDERS: readonly MediaHolder[] = [
  { label: { zh_CN: '用户头像', en: 'User avatar' }, table: users, column: users.photo, match: 'equals', name: users.nickname },
  {
    label: { zh_CN: '工单照片', en: 'Work order photo' }, table: workOrderEvents, column: workOrderEvents.url, match: 'equals',
    name: sql`'#' || ${workOrderEvents.workOrderId}`,
  },
  {
    label: { zh_CN: '屏幕模板', en: 'Screen template' }, table: screenTemplateVersions, column: screenTemplateVersions.layout, match: 'contains',
    name: sql`'#' || ${screenTemplateVersions.templateId} || ' v' || ${screenTemplateVersions.version}`,
  },
];

/**
 * Every place a file's URL may be written: each declared image, video-link and rich-text field of every resource
 * the server serves (read from the declarations, so a new resource is covered without a list to keep), plus the
 * undeclared holders above.
 */
export function mediaHoldersOf(registry: ResourceRegistry): MediaHolder[] {
  const out: MediaHolder[] = [];
  for (const b of registry.allBindings()) {
    const nameField = b.decl.picker?.label[0];
    const nameCol = nameField ? b.columns[nameField] : undefined;
    const name = nameCol && !is(nameCol, SQL) ? nameCol : sql`'#' || ${b.id}`;
    for (const [field, f] of Object.entries(b.decl.fields)) {
      const match = holds(f);
      const column = b.columns[field];
      if (!match || !column || is(column, SQL)) continue;
      // The library's own rows are what is held, not holders.
      if (b.table === mediaFiles) continue;
      const where = b.tenant.kind === 'custom' ? undefined : b.tenant.within;
      out.push({ label: b.decl.title, table: b.table, column: column as PgColumn, match, name, where });
    }
  }
  return [...out, ...UNDECLARED_HOLDERS];
}

const likeEscaped = (url: string) => `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(h: MediaHolder, urls: readonly string[]): SQL {
  const text = sql`${h.column}::text`;
  const hit = h.match === 'equals' ? inArray(h.column as AnyColumn, [...urls]) : or(...urls.map((u) => sql`${text} like ${likeEscaped(u)}`))!;
  return h.where ? and(hit, h.where)! : hit;
}

/** The rows holding `url`, named "<what> · <name>", at most `limit` of them, with the count of all. */
export async function referrersOf(exec: Executor, holders: readonly MediaHolder[], url: string, lang: Lang, limit: number): Promise<{ count: number; names: string[] }> {
  let count = 0;
  const names: string[] = [];
  for (const h of holders) {
    const rows = await exec.select({ name: h.name }).from(h.table).where(matching(h, [url])).limit(limit + 1) as { name: unknown }[];
    count += rows.length;
    for (const r of rows) if (names.length < limit) names.push(`${h.label[lang]} · ${String(r.name ?? '')}`);
  }
  return { count, names };
}

/** Of `urls`, those some holder still names. */
async function usedAmong(exec: Executor, holders: readonly MediaHolder[], urls: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (const h of holders) {
    const left = urls.filter((u) => !used.has(u));
    if (left.length === 0) break;
    const rows = await exec.select({ v: sql<string>`${h.column}::text` }).from(h.table).where(matching(h, left)) as { v: string }[];
    for (const r of rows) for (const u of left) if (r.v.includes(u)) used.add(u);
  }
  return used;
}

export const MEDIA_GC_BATCH = 200;
/** A file found still used is looked at again no sooner than this. */
export const MEDIA_RECHECK_MS = 6 * 60 * 60_000;

/**
 * One garbage-collection pass: of the library's files older than the grace period, the least recently checked
 * batch is looked up in every holder; those nothing names are deleted (row, file and thumbnail), the others are
 * marked checked. Answers how many were deleted. Safe on several instances at once: a row is deleted by whoever
 * deletes it first, and removing a file twice is harmless.
 */
export async function collectUnusedMedia(exec: Executor, holders: readonly MediaHolder[], files: FileStore, now: Date, graceMs: number): Promise<number> {
  const before = new Date(now.getTime() - graceMs);
  const batch = await exec.select({ id: mediaFiles.id, url: mediaFiles.url, thumbUrl: mediaFiles.thumbUrl }).from(mediaFiles)
    .where(and(lt(mediaFiles.createdAt, before), or(isNull(mediaFiles.checkedAt), lt(mediaFiles.checkedAt, new Date(now.getTime() - MEDIA_RECHECK_MS)))))
    .orderBy(sql`${mediaFiles.checkedAt} asc nulls first`, asc(mediaFiles.id)).limit(MEDIA_GC_BATCH);
  if (batch.length === 0) return 0;
  const used = await usedAmong(exec, holders, batch.map((m) => m.url));
  const unused = batch.filter((m) => !used.has(m.url));
  const kept = batch.filter((m) => used.has(m.url)).map((m) => m.id);
  if (kept.length) await exec.update(mediaFiles).set({ checkedAt: now }).where(inArray(mediaFiles.id, kept));
  let deleted = 0;
  for (const m of unused) {
    const [gone] = await exec.delete(mediaFiles).where(eq(mediaFiles.id, m.id)).returning({ id: mediaFiles.id });
    if (!gone) continue;
    deleted += 1;
    await removeStored(files, m.url, m.thumbUrl);
  }
  return deleted;
}

/** Removes a library file and its thumbnail from the store. */
export async function removeStored(files: FileStore, ...urls: string[]): Promise<void> {
  for (const u of urls) {
    const key = u ? fileKeyOfUrl(u) : null;
    if (key) await files.remove(key);
  }
}
