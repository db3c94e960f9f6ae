/** ILIKE pattern for a substring a person typed: %, _ and \ match literally (backslash is PostgreSQL's LIKE escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
