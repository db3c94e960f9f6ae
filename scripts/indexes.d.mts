/** Types of scripts/indexes.mjs, for the tests that fail when a generated index is stale. */
export interface GeneratedIndex {
  path: string;
  text: string;
}
export function contractIndex(): GeneratedIndex;
export function serverIndex(): GeneratedIndex;
/** The pages index for these declarations (the contract's `declarations`). */
export function pagesIndex(declarations: readonly unknown[]): GeneratedIndex;
/** Relative paths of the generated indexes whose file differs from what the sources give. */
export function staleIndexes(): Promise<string[]>;
export function writeIndexes(): Promise<void>;
