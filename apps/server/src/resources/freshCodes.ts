/**
 * `count` distinct codes from `draw`, none of which `taken` says is in use: a collision is redrawn, never reused
 * (vouchers, random codes). `taken` is asked in chunks of 500. After `maxRounds` rounds short of `count` (a
 * nearly full code space), `exhausted` is thrown.
 */
export async function freshCodes(
  count: number, draw: () => string, taken: (codes: string[]) => Promise<string[]>, exhausted: () => Error, maxRounds = 50,
): Promise<string[]> {
  const codes = new Set<string>();
  for (let round = 0; codes.size < count; round++) {
    if (round > maxRounds) throw exhausted();
    const drawn = new Set<string>();
    while (drawn.size < count - codes.size) {
      const c = draw();
      if (!codes.has(c)) drawn.add(c);
    }
    const list = [...drawn];
    for (let i = 0; i < list.length; i += 500) for (const t of await taken(list.slice(i, i + 500))) drawn.delete(t);
    for (const c of drawn) codes.add(c);
  }
  return [...codes];
}
