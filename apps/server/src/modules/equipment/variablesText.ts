import { Code, configVariablesSchema } from '@gx/contract';
import { AppError } from '../../http/errors';

/**
 * Configuration variables as a form sends them (JSON text of name → value; blank is none), checked with the
 * contract's schema and stored canonically. A refusal names the field and, below it, the variable.
 */
export function variablesText(raw: unknown, field: string): string {
  const text = String(raw ?? '').trim();
  if (!text) return '{}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(Code.VALIDATION, 'validation.variables', field);
  }
  const r = configVariablesSchema.safeParse(parsed);
  // Names in order, so the same variables always read (and log) the same.
  if (r.success) return JSON.stringify(Object.fromEntries(Object.entries(r.data).sort(([a], [b]) => a.localeCompare(b))));
  const issue = r.error.issues[0]!;
  throw new AppError(Code.VALIDATION, issue.message.startsWith('validation.') ? issue.message : 'validation.variables', [field, ...issue.path.map(String)].join('.'));
}
