import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MODERATION_LIFECYCLE, MODERATION_STATES, type BatchResult } from '@gx/contract';
import { engines, startTestApp, type TestApp } from '../../testing/testApp';
import { makeOrg, makeUser, type MadeUser } from '../../resources/testing/fixtures';

const POST = '/admin/consult/post';
const COMMENT = '/admin/consult/comment';
const BLACKLIST = '/admin/boos/keyword_blacklist';

interface Moderated { id: number; state: string; reason: string; moderated_by: number | null; moderated_at: string | null; comments?: number }

describe.each(engines)('consult moderation (%s)', (engine) => {
  let t: TestApp;
  let staff: MadeUser;
  let approver: MadeUser;
  let outsider: MadeUser;

  beforeAll(async () => {
    t = await startTestApp({ engine });
    const org = await makeOrg(t, 'Community A');
    staff = await makeUser(t, org, 'all');
    approver = await makeUser(t, org, ['consult.post.list', 'consult.post.approve', 'consult.comment.list']);
    outsider = await makeUser(t, await makeOrg(t, 'Community B'), 'all');
  });
  afterAll(async () => t.close());

  const call = <T = unknown>(path: string, body: Record<string, unknown>, token = staff.token) => t.post<T>(path, body, { token });
  const newPost = async (title = `P ${Math.random()}`) => {
    const r = await call<Moderated>(POST, { method: 'add', title, author: 'Lin', content: 'Hello' });
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const newComment = async (post_id: number) => {
    const r = await call<Moderated>(COMMENT, { method: 'add', post_id, author: 'Wang', content: 'Same here' });
    expect(r.code, r.msg).toBe(200);
    return r.data!;
  };
  const detail = async (path: string, id: number) => (await call<Moderated>(path, { method: 'detail', id })).data!;

  it('starts new posts and comments as pending, whatever the body says', async () => {
    const post = await newPost();
    expect(post).toMatchObject({ state: 'pending', reason: '', moderated_by: null });
    expect(await call(POST, { method: 'add', title: 'x', author: 'a', content: 'c', state: 'approved' })).toMatchObject({ code: Code.VALIDATION, field: 'state' });
    expect(await call(POST, { method: 'update', id: post.id, reason: 'sneaky' })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect((await newComment(post.id)).state).toBe('pending');
    expect((await detail(POST, post.id)).comments).toBe(1);
  });

  it('moves rows only along MODERATION_LIFECYCLE, storing the reason and who moderated', async () => {
    for (const step of MODERATION_LIFECYCLE) for (const from of step.from) expect(MODERATION_STATES).toContain(from);
    const { id } = await newPost();
    const approved = await call<Moderated>(POST, { method: 'approve', id, reason: 'Fine' });
    expect(approved.code, approved.msg).toBe(200);
    expect(approved.data).toMatchObject({ state: 'approved', reason: 'Fine', moderated_by: staff.id });
    expect(approved.data!.moderated_at).not.toBeNull();
    const rejected = await call<Moderated>(POST, { method: 'reject', id, reason: 'Advertising' });
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: 'Advertising' });
    // Approving again without a reason clears the old one: it no longer explains the state.
    expect((await call<Moderated>(POST, { method: 'approve', id })).data).toMatchObject({ state: 'approved', reason: '' });
  });

  it('refuses a rejection without a reason, naming reason, and leaves the row as it was', async () => {
    const { id } = await newPost();
    expect(await call(POST, { method: 'reject', id })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect(await call(POST, { method: 'reject', id, reason: '   ' })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect(await call(POST, { method: 'reject', id, reason: 'x'.repeat(501) })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect((await detail(POST, id)).state).toBe('pending');
  });

  it('approves and rejects several rows with one reason, row by row', async () => {
    const a = await newPost();
    const b = await newPost();
    const done = await call<BatchResult>(POST, { method: 'approve', ids: [a.id, b.id], reason: 'Checked together' });
    expect(done.code, done.msg).toBe(200);
    expect(done.data).toMatchObject({ done: [a.id, b.id], refused: [] });
    for (const id of [a.id, b.id]) expect(await detail(POST, id)).toMatchObject({ state: 'approved', reason: 'Checked together' });

    // One form for all: a rejection without its reason is refused whole, nothing moves.
    expect(await call(POST, { method: 'reject', ids: [a.id, b.id] })).toMatchObject({ code: Code.VALIDATION, field: 'reason' });
    expect((await detail(POST, a.id)).state).toBe('approved');

    const c1 = await newComment(a.id);
    const c2 = await newComment(a.id);
    const rejected = await call<BatchResult>(COMMENT, { method: 'reject', ids: [c1.id, c2.id], reason: 'Off topic' });
    expect(rejected.data).toMatchObject({ done: [c1.id, c2.id] });
    expect(await detail(COMMENT, c2.id)).toMatchObject({ state: 'rejected', reason: 'Off topic', moderated_by: staff.id });
  });

  it('keeps moderation to the organisation and to the keys held', async () => {
    const mine = await newPost();
    const theirs = (await call<Moderated>(POST, { method: 'add', title: 'Theirs', author: 'x', content: 'y' }, outsider.token)).data!;
    expect((await call(POST, { method: 'approve', id: theirs.id })).code).toBe(Code.NOT_FOUND);
    const batch = await call<BatchResult>(POST, { method: 'approve', ids: [mine.id, theirs.id] });
    expect(batch.data!.done).toEqual([mine.id]);
    expect(batch.data!.refused.map((r) => r.id)).toEqual([theirs.id]);
    expect((await detail(POST, mine.id)).state).toBe('approved');
    expect(await call(POST, { method: 'detail', id: theirs.id }, outsider.token)).toMatchObject({ data: { state: 'pending' } });
    // Approving is granted, rejecting is not.
    const other = await newPost();
    expect((await call(POST, { method: 'approve', id: other.id, reason: 'ok' }, approver.token)).code).toBe(200);
    expect((await call(POST, { method: 'reject', id: other.id, reason: 'no' }, approver.token)).code).toBe(Code.FORBIDDEN);
    // A comment names a post of the organisation.
    expect((await call(COMMENT, { method: 'add', post_id: theirs.id, author: 'a', content: 'b' })).code).toBe(Code.NOT_FOUND);
  });

  it('asks before removing a post with comments, and takes them with it', async () => {
    const post = await newPost();
    const comment = await newComment(post.id);
    const asked = await call(POST, { method: 'remove', id: post.id });
    expect(asked.code).toBe(Code.IN_USE);
    expect((await call(POST, { method: 'remove', id: post.id, confirm: true })).code).toBe(200);
    expect((await call(COMMENT, { method: 'detail', id: comment.id })).code).toBe(Code.NOT_FOUND);
  });

  it('sends text with an enabled blocked word to pending, naming the word; a disabled word lets it be', async () => {
    const word = await call<{ id: number }>(BLACKLIST, { method: 'add', word: 'CheapRouters' });
    expect(word.code, word.msg).toBe(200);
    expect(await call(BLACKLIST, { method: 'add', word: 'cheaprouters' })).toMatchObject({ code: Code.CONFLICT, field: 'word' });
    expect(await call(BLACKLIST, { method: 'add', word: '' })).toMatchObject({ code: Code.VALIDATION, field: 'word' });

    // An approved post edited to hold the word goes back to pending, the reason naming it (in the saver's language).
    const post = await newPost();
    await call(POST, { method: 'approve', id: post.id });
    const edited = await t.post<Moderated>(POST, { method: 'update', id: post.id, content: 'Buy at cheaprouters.example now' }, { token: staff.token, headers: { 'accept-language': 'en' } });
    expect(edited.data).toMatchObject({ state: 'pending', reason: 'Contains the blocked word "CheapRouters"', moderated_by: null });
    const comment = await call<Moderated>(COMMENT, { method: 'add', post_id: post.id, author: 'x', content: '快来 cheaprouters 买' });
    expect(comment.data).toMatchObject({ state: 'pending', reason: '包含屏蔽词「CheapRouters」' });
    // Other organisations' words are theirs alone.
    const theirs = await call<Moderated>(POST, { method: 'add', title: 'cheaprouters', author: 'x', content: 'y' }, outsider.token);
    expect(theirs.data!.reason).toBe('');

    await call(BLACKLIST, { method: 'disable', id: word.data!.id });
    await call(POST, { method: 'approve', id: post.id });
    const again = await call<Moderated>(POST, { method: 'update', id: post.id, content: 'cheaprouters is fine now' });
    expect(again.data).toMatchObject({ state: 'approved' });
  });
});
