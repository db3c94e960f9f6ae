/**
 * The languages a whole flow walks in: the first only, unless `E2E_LOCALES=all` asks for a deeper run.
 *
 * Walking a flow again in the second language repeated every click and wait for the few labels that differ, about
 * a tenth of the browser phase. The words themselves are checked without it: the locale tests fail on a key missing
 * in either language, the console sweep opens every page in zh-CN and again in en-US, and the shell and the menu
 * search have tests of their own per language. Files alternate the language they walk in, so both are walked.
 */
export function flowLanguages<T extends string>(first: T, second: T): T[] {
  return process.env.E2E_LOCALES === 'all' ? [first, second] : [first];
}
