import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, Code, PublicWorkOrderApi, SCREEN_SUMMARY_PATH, type LargeChatSummary, type PublicWorkOrderReceipt } from '@gx/contract';
import { suggestions } from '../../db/schema';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { readLiveStream } from '../../testing/liveStream';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';
import { workOrders } from '../business/workOrder';
import { until } from '../equipment/testing';

const HOUR = 3_600_000;

/** `/largechat` (SPEC §2): an organisation's complaints/suggestions and work orders, counted and pushed live. */
describe.each(engines)('the complaints and work orders screen (%s)', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  let viewer: MadeUser;
  let member: MadeUser;
  let handler: MadeUser;
  let nobody: MadeUser;
  let outsider: MadeUser;
  let ipSeq = 0;

  const summary = async (token: string) => t.post<LargeChatSummary>(SCREEN_SUMMARY_PATH, { method: 'largechat' }, { token });
  const submit = (org: number, title: string) => t.post<PublicWorkOrderReceipt>(PublicWorkOrderApi.submit, {
    method: 'submit', org, title, description: '', contact_name: 'Han Mei', contact_phone: '13912345678',
  }, { headers: { 'x-forwarded-for': `10.77.0.${++ipSeq}` } });
  const suggest = (token: string, content: string) => t.post<{ id: number }>(Api.shell.suggestion, { method: 'form', content }, { token });

  beforeAll(async () => {
    t = await startTestApp({ engine, env: { TRUST_PROXY: 'on' } });
    orgA = await makeOrg(t, 'Chat A');
    orgB = await makeOrg(t, 'Chat B');
    viewer = await makeUser(t, orgA, ['monitor.largechat.view']);
    member = await makeUser(t, orgA, []);
    handler = await makeUser(t, orgA, ['oa.suggestion.list', 'oa.suggestion.handle']);
    nobody = await makeUser(t, orgA, ['monitor.bigdata.view']);
    outsider = await makeUser(t, orgB, 'all');
    const now = t.services.now();
    const at = (agoH: number) => new Date(now.getTime() - agoH * HOUR);
    // Org A: an overdue order in progress, an order closed yesterday, one from two days ago; org B's never shows.
    await t.database.db.insert(workOrders).values([
      { orgId: orgA, orderNo: 'WO-A-1', title: 'Lobby AP down', status: 'in_progress', priority: 'urgent', createdAt: at(3), updatedAt: at(2), dueAt: at(1) },
      { orgId: orgA, orderNo: 'WO-A-2', title: 'Slow Wi-Fi', status: 'closed', createdAt: at(20), updatedAt: at(19) },
      { orgId: orgA, orderNo: 'WO-A-3', title: 'Old request', status: 'open', createdAt: at(50), updatedAt: at(50) },
      { orgId: orgB, orderNo: 'WO-B-1', title: 'B only', status: 'open', createdAt: at(1), updatedAt: at(1) },
    ]);
    await t.database.db.insert(suggestions).values([
      { orgId: orgA, userId: member.id, content: 'The lobby is cold', createdAt: at(2) },
      { orgId: orgA, userId: member.id, content: 'x'.repeat(400), status: 1, reply: 'Thanks', createdAt: at(30) },
      { orgId: orgB, userId: outsider.id, content: 'B only suggestion', createdAt: at(1) },
      { orgId: null, userId: member.id, content: 'To the platform', createdAt: at(1) },
    ]);
  });
  afterAll(async () => t.close());

  it('counts the organisation\'s open, overdue and new orders and suggestions, and lists the latest of each', async () => {
    const r = await summary(viewer.token);
    expect(r.code, r.msg).toBe(200);
    const s = r.data!;
    expect(s.totals).toMatchObject({ open_orders: 2, overdue_orders: 1, pending_suggestions: 1 });
    expect(s.by_state).toEqual([{ status: 'in_progress', count: 1 }, { status: 'open', count: 1 }]);
    expect(s.orders.map((o) => o.order_no)).toEqual(['WO-A-1', 'WO-A-2', 'WO-A-3']);
    expect(s.orders[0]).toMatchObject({ title: 'Lobby AP down', status: 'in_progress', priority: 'urgent', overdue: true });
    expect(s.orders[1]!.overdue).toBe(false);
    expect(s.suggestions.map((x) => [x.content.slice(0, 17), x.handled, x.username !== ''])).toEqual([['The lobby is cold', false, true], ['x'.repeat(17), true, true]]);
    // Long texts are cut; nothing of org B or of the platform's own suggestions.
    expect(s.suggestions[1]!.content).toHaveLength(240);
    expect(JSON.stringify(s)).not.toMatch(/B only|To the platform/);
    expect(s.arrivals).toHaveLength(24);
    expect(s.arrivals.reduce((a, p) => a + p.orders, 0)).toBe(2);
    expect(s.arrivals.reduce((a, p) => a + p.suggestions, 0)).toBe(1);
  });

  it('is granted by its own key only', async () => {
    expect((await summary(nobody.token)).code).toBe(Code.FORBIDDEN);
    const theirs = await summary(outsider.token);
    expect(theirs.data!.orders.map((o) => o.order_no)).toEqual(['WO-B-1']);
  });

  it('pushes new work orders and suggestions, and their handling, to the organisation\'s screens only', async () => {
    const mine = await readLiveStream(t.url, viewer.token);
    const theirs = await readLiveStream(t.url, outsider.token);
    try {
      await until('streams open', () => mine.text().includes('"hello"') && theirs.text().includes('"hello"'));
      const order = await submit(orgA, 'Printer offline');
      expect(order.code, order.msg).toBe(200);
      await until('work order pushed', () => /"type":"work_order","org_id":\d+,"id":\d+,"status":"open"/.test(mine.text()));
      const sent = await suggest(member.token, 'More chairs please');
      expect(sent.code, sent.msg).toBe(200);
      await until('suggestion pushed', () => mine.text().includes(`"type":"suggestion","org_id":${orgA},"id":${sent.data!.id},"handled":false`));
      const handled = await t.post(Api.shell.suggestion, { method: 'handle', id: sent.data!.id, reply: 'Done' }, { token: handler.token });
      expect(handled.code, handled.msg).toBe(200);
      await until('handling pushed', () => mine.text().includes(`"id":${sent.data!.id},"handled":true`));
      const s = (await summary(viewer.token)).data!;
      expect(s.orders[0]!.title).toBe('Printer offline');
      expect(s.suggestions[0]).toMatchObject({ content: 'More chairs please', handled: true, reply: 'Done' });
      // Org B's console heard none of it (it did hear its own unread count, so its stream was live).
      await until('the outsider\'s stream is live', () => theirs.text().includes('"unread"'));
      expect(theirs.text()).not.toMatch(/"work_order"|"suggestion"/);
    } finally {
      mine.stop();
      theirs.stop();
    }
  });
});
