import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { deviceResource, oltDeviceResource, type Page } from '@gx/contract';
import { DASHBOARD_REFRESH_MS, TELEMETRY_REFRESH_MS, applyStreamMessage, sseParser } from './liveStream';
import { queryKeys } from './queries';
import type { Row } from './resource';

describe('live stream', () => {
  it('reassembles Server-Sent Events split across chunks and skips comments', () => {
    const got: string[] = [];
    const feed = sseParser((d) => got.push(d));
    feed('data: {"type":"hel');
    feed('lo"}\n\n: keep-alive\n\ndata: {"type":"unread","count":2}\r\n\r\ndata: {"a"');
    expect(got).toEqual(['{"type":"hello"}', '{"type":"unread","count":2}']);
    feed(':1}\n\n');
    expect(got[2]).toBe('{"a":1}');
  });

  it('patches the presence of a device in every cached page of the list, and schedules a refresh', () => {
    const client = new QueryClient();
    const page: Page<Row> = { list: [{ id: 1, online: 0 }, { id: 2, online: 0 }], total: 2, page: 1, size: 20 };
    client.setQueryData([deviceResource.key, 'list', 1, 20, {}, {}], page);
    const later: string[] = [];
    applyStreamMessage(client, { type: 'device', org_id: 5, id: 2, serial: 'S2', online: 1, at: '2026-11-23T00:00:00.000Z' }, (k) => later.push(k));
    const after = client.getQueryData<Page<Row>>([deviceResource.key, 'list', 1, 20, {}, {}]);
    expect(after?.list.map((r) => r.online)).toEqual([0, 1]);
    expect(later).toEqual([deviceResource.key]);
  });

  it('patches a family page\'s list too, and refreshes the family pages shown when telemetry arrives', () => {
    const client = new QueryClient();
    const key = [oltDeviceResource.key, 'list', 1, 20, {}, {}];
    client.setQueryData(key, { list: [{ id: 7, online: 1 }], total: 1, page: 1, size: 20 } satisfies Page<Row>);
    const later: [string, number | undefined][] = [];
    const note = (k: string, ms?: number) => later.push([k, ms]);
    applyStreamMessage(client, { type: 'device', org_id: 5, id: 7, serial: 'S7', online: 0, at: '2026-11-23T00:00:00.000Z' }, note);
    expect(client.getQueryData<Page<Row>>(key)?.list[0]?.online).toBe(0);
    expect(later).toEqual([[deviceResource.key, undefined], [oltDeviceResource.key, undefined]]);
    later.length = 0;
    applyStreamMessage(client, { type: 'telemetry', org_id: 5, ids: [7], at: '2026-11-23T00:00:00.000Z' }, note);
    expect(later).toEqual([[oltDeviceResource.key, TELEMETRY_REFRESH_MS]]);
  });

  it('re-reads the dashboard summary, throttled, on presence, command and campaign news while it is shown', () => {
    const client = new QueryClient();
    const later: [string, number | undefined][] = [];
    const note = (k: string, ms?: number) => later.push([k, ms]);
    applyStreamMessage(client, { type: 'campaign', org_id: 5, id: 1, state: 'running', at: '2026-11-23T00:00:00.000Z' }, note);
    expect(later.some(([k]) => k === queryKeys.dashboard[0])).toBe(false);
    client.setQueryData(queryKeys.dashboard, { at: '' });
    applyStreamMessage(client, { type: 'device', org_id: 5, id: 7, serial: 'S7', online: 0, at: '2026-11-23T00:00:00.000Z' }, note);
    expect(later).toContainEqual([queryKeys.dashboard[0], DASHBOARD_REFRESH_MS]);
    later.length = 0;
    applyStreamMessage(client, { type: 'unread', count: 1 }, note);
    expect(later.some(([k]) => k === queryKeys.dashboard[0])).toBe(false);
  });

  it('reads the notifications again when the unread count moved, not when the stream repeats it on connecting', () => {
    const client = new QueryClient();
    const later: string[] = [];
    const note = (k: string) => later.push(k);
    client.setQueryData(queryKeys.informs, { unread: 2, list: [] });
    applyStreamMessage(client, { type: 'unread', count: 2 }, note);
    expect(later).toEqual([]);
    applyStreamMessage(client, { type: 'unread', count: 3 }, note);
    expect(client.getQueryData<{ unread: number }>(queryKeys.informs)?.unread).toBe(3);
    expect(later).toEqual([queryKeys.informs.join('.')]);
  });
});
