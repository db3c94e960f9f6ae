import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerMessageApi, type MessageApi } from './feedback';
import { ApiError, NetworkError } from './errors';
import { request } from './request';

/** The request wrapper's toasts (SPEC §8), against a stand-in `fetch` answering the envelope a server would. */
type Shown = { type: string; content: string; onClose?: () => void };
let shown: Shown[];

function answer(body: unknown): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })));
}

beforeEach(() => {
  shown = [];
  const api: MessageApi = { open: (a) => shown.push({ type: a.type, content: a.content, ...(a.onClose ? { onClose: a.onClose } : {}) }) };
  registerMessageApi(api);
});
afterEach(() => {
  registerMessageApi(undefined);
  vi.unstubAllGlobals();
});

describe('request wrapper (SPEC §7, §8)', () => {
  it('a code other than 200 shows the server message as an error and throws', async () => {
    answer({ code: 1006, msg: 'The record does not exist' });
    await expect(request('/x', { method: 'detail' })).rejects.toBeInstanceOf(ApiError);
    expect(shown.map(({ type, content }) => ({ type, content }))).toEqual([{ type: 'error', content: 'The record does not exist' }]);
  });

  it('without a message the error toast says "Error" in the current language', async () => {
    answer({ code: 1000, msg: '' });
    await expect(request('/x', { method: 'form' })).rejects.toBeInstanceOf(ApiError);
    expect(shown[0]?.content).toMatch(/^(错误|Error)$/);
  });

  it.each(['send_msg_log', 'auth_log', 'agent_check'])('%s fails silently', async (method) => {
    answer({ code: 1003, msg: 'Forbidden' });
    await expect(request('/x', { method })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
  });

  it('1038 shows its message again after it closes', async () => {
    answer({ code: 1038, msg: 'Please bind your phone number' });
    await expect(request('/x', { method: 'form' })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toHaveLength(1);
    shown[0]?.onClose?.();
    expect(shown.map((s) => s.content)).toEqual(['Please bind your phone number', 'Please bind your phone number']);
  });

  it('success shows the message for changing methods only', async () => {
    answer({ code: 200, msg: 'Operation succeeded', data: { id: 1 } });
    await request('/x', { method: 'form' });
    await request('/x', { method: 'list' });
    await request('/x', {});
    expect(shown.map(({ type, content }) => ({ type, content }))).toEqual([{ type: 'success', content: 'Operation succeeded' }]);
  });

  it('a network failure shows the network error and throws NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('/x', { method: 'form' })).rejects.toBeInstanceOf(NetworkError);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.type).toBe('error');
  });

  it('1005 resets the token and reloads, except while the page is leaving the session on purpose (logout)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { reload, protocol: 'http:' });
    vi.stubGlobal('document', { cookie: 'gx-token=t', documentElement: { lang: '', dataset: {}, style: {} } });
    // A fresh module each time: the wrapper resets the session once per page.
    vi.resetModules();
    const fresh = await import('./request');
    answer({ code: 1005, msg: 'Signed in elsewhere' });
    fresh.leavingSession();
    await expect(fresh.request('/x', { method: 'list' }, { silent: true })).rejects.toThrow();
    expect(reload).not.toHaveBeenCalled();

    vi.resetModules();
    const again = await import('./request');
    await expect(again.request('/x', { method: 'list' }, { silent: true })).rejects.toThrow();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
