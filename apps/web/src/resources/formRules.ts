import { passwordProblem, RULES, validationText, type FieldDecl, type Lang } from '@gx/contract';

/**
 * The client-side twin of the server's field checks (packages/contract/src/resources/schemas.ts), read from the
 * declaration's plain data so the console never builds a zod schema. Answers the `validation.*` key the server
 * would answer, so both sides say the same words.
 */

const DEFAULT_TEXT_MAX: Partial<Record<FieldDecl['type'], number>> = { text: 255, textarea: 2000, richtext: 200_000, image: 2048, icon: 64, password: 64 };
const TEXTUAL = new Set<FieldDecl['type']>(['text', 'textarea', 'richtext', 'image', 'icon', 'password']);

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The message key of what is wrong with a value the form holds, or null when it is fine. */
export function fieldProblem(f: FieldDecl, value: unknown): string | null {
  if (isBlank(value)) {
    // A required field must be given on add and may not be emptied on update.
    return f.required ? 'validation.required' : null;
  }
  if (TEXTUAL.has(f.type)) {
    if (typeof value !== 'string') return 'validation.text';
    // Passwords are taken as typed; other text is trimmed, as the server trims it.
    if (f.type === 'password') return passwordProblem(value);
    const v = value.trim();
    const max = f.max ?? DEFAULT_TEXT_MAX[f.type] ?? 255;
    if (v.length > max) return 'validation.tooLong';
    const rule = f.rule ? RULES[f.rule] : undefined;
    if (f.min !== undefined && v.length < f.min) return rule?.message ?? 'validation.tooShort';
    if (rule && !rule.re.test(rule.lowercase ? v.toLowerCase() : v)) return rule.message;
    return null;
  }
  if (f.type === 'integer' || f.type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return f.type === 'integer' ? 'validation.integer' : 'validation.number';
    if (f.type === 'integer' && !Number.isInteger(n)) return 'validation.integer';
    if (f.min !== undefined && n < f.min) return 'validation.min';
    if (f.max !== undefined && n > f.max) return 'validation.max';
    return null;
  }
  if (f.type === 'select') return f.options?.some((o) => o.value === value) ? null : 'validation.option';
  if (f.type === 'refMany' && f.max !== undefined && Array.isArray(value) && value.length > f.max) return 'validation.tooMany';
  return null;
}

/**
 * An antd form rule answering the declaration's check with the text the server would answer; a missing required
 * value says which field (`requiredText`, e.g. "Please enter Username").
 */
export function declRule(f: FieldDecl, lang: Lang, requiredText?: string) {
  return {
    validator: (_: unknown, value: unknown) => {
      const problem = fieldProblem(f, value);
      if (problem === 'validation.required' && requiredText) return Promise.reject(new Error(requiredText));
      return problem ? Promise.reject(new Error(validationText(problem, lang) ?? problem)) : Promise.resolve();
    },
  };
}
