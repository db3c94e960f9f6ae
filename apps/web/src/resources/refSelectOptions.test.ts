import { describe, expect, it } from 'vitest';
import { PICKER_HINT, PICKER_LIMIT, type PickerAnswer } from '@gx/contract';
import { refSelectOptions } from './refSelectOptions';

const answer = (n: number, more: boolean): PickerAnswer => ({
  list: Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `user${i + 1}` })),
  more,
  limit: PICKER_LIMIT,
});
const label = (id: number) => `#${id}`;
const same = (s: string) => s;

/** The reference picker (an assignee, a linked device): the first 50 matching, the hint to refine when there are more. */
describe('refSelectOptions', () => {
  it('offers at most the first 50 found and the refine hint when the server says there are more', () => {
    const { options, hint } = refSelectOptions([], answer(PICKER_LIMIT + 5, true), label, same, 'en');
    expect(options).toHaveLength(PICKER_LIMIT);
    expect(options[0]).toEqual({ value: 1, label: 'user1' });
    expect(hint).toBe(PICKER_HINT.en);
    expect(refSelectOptions([], answer(PICKER_LIMIT, true), label, same, 'zh_CN').hint).toBe(PICKER_HINT.zh_CN);
  });

  it('shows no hint when everything matching is listed', () => {
    const { options, hint } = refSelectOptions([], answer(3, false), label, same, 'en');
    expect(options.map((o) => o.value)).toEqual([1, 2, 3]);
    expect(hint).toBeNull();
    expect(refSelectOptions([], undefined, label, same, 'en')).toEqual({ options: [], hint: null });
  });

  it('keeps chosen rows the search did not find, labelled, ahead of the found ones, once each', () => {
    const { options } = refSelectOptions([2, 99], answer(3, false), (id) => (id === 99 ? 'Chosen earlier' : `#${id}`), (s) => s.toUpperCase(), 'en');
    expect(options).toEqual([
      { value: 99, label: 'Chosen earlier' },
      { value: 1, label: 'USER1' }, { value: 2, label: 'USER2' }, { value: 3, label: 'USER3' },
    ]);
  });
});
