import type { Label } from '../resources/types';

/** Zod-free facts of the screen templates (the area manifest reads them at login; templates.ts holds the schemas). */

export const TEMPLATE_PATH = '/admin/monitor/screen_template';
export const PROGRAMME_PATH = '/admin/monitor/programme';
/** Public: a screen's browser asks what to show with its render token. */
export const SCREEN_RENDER_PATH = '/screen/render';
/** Console route a real screen's browser opens (`/screen-render/<token>`). */
export const SCREEN_RENDER_ROUTE = '/screen-render';

export const STUDIO_KEYS = {
  templateView: 'monitor.template.view',
  templateSave: 'monitor.template.save',
  templateRemove: 'monitor.template.remove',
  programmeView: 'monitor.programme.view',
  programmeSave: 'monitor.programme.save',
  programmePublish: 'monitor.programme.publish',
  programmeRemove: 'monitor.programme.remove',
} as const;

export const TEMPLATE_PRESETS = ['community', 'rome', 'czechrepublic', 'vienna', 'Taiwan', 'housepricetag_hs', 'housepricetag_vs', 'hotel'] as const;
export type TemplatePreset = (typeof TEMPLATE_PRESETS)[number];

export interface PresetInfo {
  /** The SPEC §2 route name (`tp_<preset>`), also the page key. */
  route: string;
  style: string;
  width: number;
  height: number;
  /** Background and accent of the style. */
  background: string;
  accent: string;
  title: Label;
}

const preset = (style: string, title: Label, background: string, accent: string, width = 1920, height = 1080) =>
  ({ style, title, background, accent, width, height });

export const PRESETS: Record<TemplatePreset, PresetInfo> = {
  community: { route: 'tp_community', ...preset('UI2', { zh_CN: '社区公告模板', en: 'Community notice template' }, '#0f3d2e', '#7bd88f') },
  rome: { route: 'tp_rome', ...preset('UI3', { zh_CN: '罗马风格模板', en: 'Rome style template' }, '#3b1f14', '#e0b15a') },
  czechrepublic: { route: 'tp_czechrepublic', ...preset('UI4', { zh_CN: '捷克风格模板', en: 'Czech style template' }, '#10224a', '#e2474b') },
  vienna: { route: 'tp_vienna', ...preset('UI5', { zh_CN: '维也纳风格模板', en: 'Vienna style template' }, '#2b2440', '#d9c8ff') },
  Taiwan: { route: 'tp_Taiwan', ...preset('UI6', { zh_CN: '台湾风格模板', en: 'Taiwan style template' }, '#0b3954', '#ffd166') },
  housepricetag_hs: { route: 'tp_housepricetag_hs', ...preset('UI7', { zh_CN: '房价牌（横屏）', en: 'House price tag (landscape)' }, '#ffffff', '#c62828') },
  housepricetag_vs: { route: 'tp_housepricetag_vs', ...preset('UI8', { zh_CN: '房价牌（竖屏）', en: 'House price tag (portrait)' }, '#ffffff', '#c62828', 1080, 1920) },
  hotel: { route: 'tp_hotel', ...preset('hotel', { zh_CN: '酒店欢迎模板', en: 'Hotel welcome template' }, '#1b1b2f', '#f4c95d') },
};

/** Fields a template may name as `{{field}}`; each screen a programme is published to fills them. */
export const BOUND_FIELDS = ['room', 'guest', 'price'] as const;
export type BoundField = (typeof BOUND_FIELDS)[number];
/**
 * Placeholders the screen fills itself rather than staff: `{{chat_link}}` is the guests' screen-chat page of this very
 * screen (put it in a QR element and guests can write to the screen).
 */
export const DERIVED_FIELDS = ['chat_link'] as const;
export type DerivedField = (typeof DERIVED_FIELDS)[number];
export type BoundValues = Partial<Record<BoundField | DerivedField, string>>;

