import { z } from 'zod';
import { BOUND_FIELDS, DERIVED_FIELDS, TEMPLATE_PRESETS, type BoundField, type BoundValues, type DerivedField, type TemplatePreset } from './presets';
import { zWeatherCity, type WeatherNow } from './weather';

/**
 * Screen templates and programmes (SPEC §2 tp_* editors and `/sifamodel/sifa`, issue 16 point 5): what private and
 * cloud screens show. A template is a layout of positioned elements on a canvas at the screen's resolution; every
 * save is a new version. A programme is a playlist of templates with a daily schedule, sent to screens as `play`.
 */

export const ELEMENT_KINDS = ['text', 'image', 'video', 'clock', 'weather', 'qr', 'price_table', 'marquee'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

export const MAX_CANVAS = 7680;
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid');
const text = z.string().max(2000, 'validation.tooLong');
const box = {
  id: z.string().min(1).max(40),
  x: z.number().int().min(0).max(MAX_CANVAS),
  y: z.number().int().min(0).max(MAX_CANVAS),
  w: z.number().int().min(8).max(MAX_CANVAS),
  h: z.number().int().min(8).max(MAX_CANVAS),
  color: color.optional(),
  background: color.optional(),
  font_size: z.number().int().min(8).max(400).optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
};

export const templateElement = z.discriminatedUnion('kind', [
  z.object({ ...box, kind: z.literal('text'), text }).strict(),
  z.object({ ...box, kind: z.literal('marquee'), text }).strict(),
  z.object({ ...box, kind: z.literal('image'), src: z.string().max(2048).regex(/^(\/|https?:\/\/)/, 'validation.httpLink') }).strict(),
  // A video plays muted in a loop (screens have no one to press play); MP4, as uploaded with its size limit.
  z.object({ ...box, kind: z.literal('video'), src: z.string().max(2048).regex(/^(\/|https?:\/\/)\S+$/, 'validation.httpLink') }).strict(),
  z.object({ ...box, kind: z.literal('clock'), format: z.enum(['time', 'datetime']) }).strict(),
  // The current weather of a city, in the template's language.
  z.object({ ...box, kind: z.literal('weather'), city: zWeatherCity, lang: z.enum(['zh_CN', 'en']) }).strict(),
  z.object({ ...box, kind: z.literal('qr'), text: z.string().min(1, 'validation.required').max(1000, 'validation.tooLong') }).strict(),
  z.object({
    ...box, kind: z.literal('price_table'),
    rows: z.array(z.object({ label: z.string().max(100, 'validation.tooLong'), price: z.string().max(100, 'validation.tooLong') }).strict()).max(30),
  }).strict(),
]);
export type TemplateElement = z.infer<typeof templateElement>;

/** A layout: canvas size and background; elements in paint order (the last is on top). Each must lie on the canvas. */
export const templateLayout = z.object({
  width: z.number().int().min(320).max(MAX_CANVAS),
  height: z.number().int().min(320).max(MAX_CANVAS),
  background: color,
  elements: z.array(templateElement).max(100),
}).strict().superRefine((l, ctx) => {
  const ids = new Set<string>();
  l.elements.forEach((e, i) => {
    if (e.x + e.w > l.width) ctx.addIssue({ code: 'custom', path: ['elements', i, 'w'], message: 'validation.outOfCanvas' });
    if (e.y + e.h > l.height) ctx.addIssue({ code: 'custom', path: ['elements', i, 'h'], message: 'validation.outOfCanvas' });
    if (ids.has(e.id)) ctx.addIssue({ code: 'custom', path: ['elements', i, 'id'], message: 'validation.duplicate' });
    ids.add(e.id);
  });
});
export type TemplateLayout = z.infer<typeof templateLayout>;

const name = z.string().trim().min(1, 'validation.required').max(60, 'validation.tooLong');
const id = z.number().int().min(1);

export const templateSaveBody = z.object({
  /** Absent: a new template; present: a new version of it. */
  id: id.optional(),
  name,
  preset: z.enum(TEMPLATE_PRESETS),
  layout: templateLayout,
});
export type TemplateSaveBody = z.infer<typeof templateSaveBody>;

export interface TemplateRow { id: number; name: string; preset: TemplatePreset; version: number; updated_at: string }
/** A template with the layout of `shown_version` (the current one unless an older one was asked for) and its history. */
export interface TemplateDetail extends TemplateRow { layout: TemplateLayout; shown_version: number; versions: { version: number; created_at: string }[] }

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.time');

export const programmeSaveBody = z.object({
  id: id.optional(),
  name,
  items: z.array(z.object({ template_id: id, seconds: z.number().int().min(1).max(86_400) }).strict()).min(1, 'validation.required').max(50),
  /** Daily window the programme plays in, local time of the screen; start = end plays all day. */
  start: hhmm,
  end: hhmm,
});
export type ProgrammeSaveBody = z.infer<typeof programmeSaveBody>;

export const programmePublishBody = z.object({
  id,
  screens: z.array(z.object({
    device_id: id,
    fields: z.object({ room: z.string().max(40).optional(), guest: z.string().max(60).optional(), price: z.string().max(40).optional() }).strict(),
  }).strict()).min(1, 'validation.required').max(500),
});
export type ProgrammePublishBody = z.infer<typeof programmePublishBody>;

export interface ProgrammeItem { template_id: number; seconds: number; name?: string }
export interface ProgrammeRow { id: number; name: string; items: ProgrammeItem[]; start: string; end: string; updated_at: string }

/** A screen of the organisation as the programme page shows it: what it was sent and what it reports playing. */
export interface ScreenStatus {
  id: number; serial: string; name: string; online: boolean;
  /** The programme last published to it, and its bound fields. */
  programme_id: number | null; fields: BoundValues;
  /** What the screen reports (telemetry `playing`, `programme_id`). */
  playing: boolean; playing_programme_id: number | null;
  render_path: string | null;
}

/** What `/screen-render/<token>` shows: the programme's items with their layouts at the version published. */
export interface ScreenRender {
  programme: { id: number; name: string; start: string; end: string } | null;
  items: { seconds: number; layout: TemplateLayout }[];
  fields: BoundValues;
  /** The weather of every city the items' weather elements name (a city the provider does not know is left out). */
  weather: Record<string, WeatherNow>;
}

/** `{{room}}` → the screen's value; an unknown or unfilled field stays empty. */
export function fillFields(text: string, values: BoundValues): string {
  const known: readonly string[] = [...BOUND_FIELDS, ...DERIVED_FIELDS];
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, k: string) => (known.includes(k) ? values[k as BoundField | DerivedField] ?? '' : ''));
}

/** Whether `minutes` (since local midnight) falls in the daily window; a window past midnight wraps. */
export function inWindow(start: string, end: string, minutes: number): boolean {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const a = m(start), b = m(end);
  if (a === b) return true;
  return a < b ? minutes >= a && minutes < b : minutes >= a || minutes < b;
}
