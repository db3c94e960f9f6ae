import { PICKER_HINT, PICKER_LIMIT, type Lang, type PickerAnswer } from '@gx/contract';

export interface RefOption { value: number; label: string }

/**
 * What a reference picker offers for one search answer: the chosen rows first when the answer does not hold them (so
 * they keep their labels), then at most the answer's limit of found rows (SPEC §5: the first 50), and the hint to
 * refine — in the reader's language — only when the server says there are more.
 */
export function refSelectOptions(
  chosen: readonly number[],
  answer: PickerAnswer | undefined,
  labelOfChosen: (id: number) => string,
  textOf: (label: string) => string,
  lang: Lang,
): { options: RefOption[]; hint: string | null } {
  const found = (answer?.list ?? []).slice(0, answer?.limit ?? PICKER_LIMIT);
  const options = [
    ...chosen.filter((id) => !found.some((o) => o.value === id)).map((id) => ({ value: id, label: labelOfChosen(id) })),
    ...found.map((o) => ({ value: o.value, label: textOf(o.label) })),
  ];
  return { options, hint: answer?.more ? PICKER_HINT[lang] : null };
}
