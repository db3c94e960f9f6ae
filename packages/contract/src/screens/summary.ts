import type { DeviceFamily } from '../device/families';
import type { EventLevel } from '../device/protocol';
import type { WorkOrderState } from '../resources/business/workOrder';

/**
 * The standalone big screens (SPEC §2 monitor: `/screenhome`, `/tvscreenhome`, `/SD_WAN_Largescreen`): one summary
 * call per screen, scoped to the caller's organisation; the live stream then says when it is stale.
 */
export const SCREEN_SUMMARY_PATH = '/admin/monitor/screen';

/** Method of the summary call per screen, and the permission key that grants it (a button of the monitor page). */
export const SCREEN_METHODS = {
  bigdata: 'monitor.bigdata.view', tv: 'monitor.tv.view', sdwan: 'monitor.sdwan.view', largechat: 'monitor.largechat.view',
} as const;
export type ScreenKind = keyof typeof SCREEN_METHODS;

export interface ScreenTotals { total: number; online: number; offline: number; disabled: number; alarming: number }

export interface ScreenProvince { province: string; total: number; online: number }

/** Devices of one city of a province (the map's drill-down); `city` as the device form stored it. */
export interface ScreenCity { province: string; city: string; total: number; online: number }

export interface ScreenEventRow { id: number; at: string; level: EventLevel; code: string; msg: string; serial: string; name: string; province: string }

/** `/screenhome` and `/tvscreenhome`. */
export interface BigScreenSummary {
  at: string;
  totals: ScreenTotals;
  /** Devices per province; devices without one are counted in `unlocated`. */
  provinces: ScreenProvince[];
  unlocated: number;
  /** Devices per city within their province (devices with a province but no city are left out), most first. */
  cities: ScreenCity[];
  families: { family: DeviceFamily; total: number; online: number }[];
  /** The last 24 hours, one point per hour: devices that reported telemetry in that hour. */
  trend: { hour: string; online: number }[];
  /** The latest reported WAN/port traffic summed per family (bits per second). */
  traffic: { family: DeviceFamily; rx_bps: number; tx_bps: number }[];
  /** Warnings and errors of the last 24 hours by code, most frequent first (at most 8). */
  top_events: { code: string; level: EventLevel; count: number }[];
  /** The latest 30 events. */
  events: ScreenEventRow[];
}

export type SdwanLinkState = 'up' | 'degraded' | 'down';

/** `/SD_WAN_Largescreen`: the organisation's gateways that report an SD-WAN site number, and their links. */
export interface SdwanSummary {
  at: string;
  sites: { id: number; site: number; serial: string; name: string; province: string; city: string; online: boolean }[];
  links: { from: number; to: number; state: SdwanLinkState; latency_ms: number; loss_pct: number }[];
}

/** A link is degraded from this loss or latency on. */
export const SDWAN_DEGRADED = { loss_pct: 5, latency_ms: 150 } as const;

/** A work order on `/largechat`: what a service desk reads from across the room. */
export interface ChatWorkOrderRow {
  id: number; order_no: string; title: string; status: WorkOrderState; priority: string; contact_name: string;
  created_at: string; updated_at: string; due_at: string | null; overdue: boolean;
}

/** A complaint or suggestion on `/largechat`; `content` is cut to `CHAT_CONTENT_MAX` characters. */
export interface ChatSuggestionRow { id: number; content: string; username: string; handled: boolean; reply: string; created_at: string }

/** Characters of a suggestion's text the screen shows. */
export const CHAT_CONTENT_MAX = 240;
/** Rows of each feed the screen shows. */
export const CHAT_FEED_ROWS = 20;

/**
 * `/largechat` (SPEC §2): the organisation's complaints/suggestions and work orders as they arrive — the figures a
 * service desk watches, arrivals per hour over the last day, and the latest of each, newest first.
 */
export interface LargeChatSummary {
  at: string;
  totals: {
    /** Work orders not yet resolved, closed or rejected. */
    open_orders: number;
    /** Open work orders past their due time. */
    overdue_orders: number;
    orders_today: number;
    pending_suggestions: number;
    suggestions_today: number;
  };
  /** Open work orders per state (finished states are not shown). */
  by_state: { status: WorkOrderState; count: number }[];
  /** The last 24 hours, one point per hour. */
  arrivals: { hour: string; orders: number; suggestions: number }[];
  orders: ChatWorkOrderRow[];
  suggestions: ChatSuggestionRow[];
}
