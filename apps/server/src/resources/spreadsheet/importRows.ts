import {
  Code, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, LANGS, messageFor, resourceSchemas, validationText, type FieldDecl, type ImportProblem, type Lang,
} from '@gx/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../http/context';
import type { UploadedFile } from '../../http/body';
import { AppError } from '../../http/errors';
import { addRow } from '../write';
import type { Input, ResourceServer } from '../types';
import { readSheet } from './format';
import { duplicateRows, resolveReferences } from './importChecks';

/** One problem of a refused import (the contract's `ImportProblem`). */
export type ImportError = ImportProblem;

const MAX_REPORTED = 500;

function text(key: string | undefined, lang: Lang, code: number = Code.VALIDATION): string {
  return (key && validationText(key, lang)) || (key && !key.startsWith('validation.') ? key : '') || messageFor(code as never, lang);
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * A header cell names a field by its name or by its label in either language. Every declared field is known, so
 * a file the export wrote imports back: its id, status and date columns are recognised and skipped.
 */
function headerMap(b: ResourceServer): Map<string, string> {
  const m = new Map<string, string>();
  for (const [name, f] of Object.entries(b.decl.fields)) {
    for (const key of [name, ...LANGS.map((l) => f.label[l])]) if (!m.has(norm(key))) m.set(norm(key), name);
  }
  return m;
}

/** Option labels (either language) become option values; booleans accept 是/否 and yes/no as well. */
function cellValue(f: FieldDecl, cell: string): unknown {
  if (cell === '') return undefined;
  if (f.type === 'select') {
    const hit = f.options?.find((o) => LANGS.some((l) => norm(o.label[l]) === norm(cell)) || String(o.value) === cell);
    return hit ? hit.value : cell;
  }
  if (f.type === 'boolean') {
    if (['是', 'yes', 'y'].includes(norm(cell))) return true;
    if (['否', 'no', 'n'].includes(norm(cell))) return false;
  }
  return cell;
}

function refuse(errors: ImportError[]): never {
  throw new AppError(Code.VALIDATION, 'validation.importRows', 'file', { errors: errors.slice(0, MAX_REPORTED), total: errors.length });
}

/**
 * Imports one spreadsheet: every row is checked with the add form's rules and the whole file goes in, or — when
 * any row or column is wrong — nothing does, and every problem is reported by row and column. Each row is added
 * through the same path as the add method (hooks, references, operation log), inside a savepoint so a duplicate
 * found by the database is reported for its row too.
 */
export async function importFile(ctx: RequestContext, exec: Executor, b: ResourceServer, file: UploadedFile): Promise<{ imported: number }> {
  if (file.data.length > IMPORT_MAX_BYTES) throw new AppError(Code.PAYLOAD_TOO_LARGE, 'validation.importSize', 'file');
  const columns = b.decl.io?.import ?? [];
  const sheet = (await readSheet(file.filename, file.data)).map((r) => r.map((c) => c.trim()));
  while (sheet.length && sheet[sheet.length - 1]?.every((c) => c === '')) sheet.pop();
  const [header, ...body] = sheet;
  if (!header || !body.length) throw new AppError(Code.VALIDATION, 'validation.importEmpty', 'file');
  if (body.length > IMPORT_MAX_ROWS) throw new AppError(Code.VALIDATION, 'validation.importTooMany', 'file');

  const names = headerMap(b);
  const errors: ImportError[] = [];
  const fieldAt: (string | undefined)[] = header.map((h) => {
    if (h === '') return undefined;
    const name = names.get(norm(h));
    if (!name) errors.push({ row: 1, column: h, message: text('validation.unknownColumn', ctx.lang) });
    return name && columns.includes(name) ? name : undefined;
  });
  for (const name of columns) {
    if (b.decl.fields[name]?.required && !fieldAt.includes(name)) {
      errors.push({ row: 1, column: name, message: text('validation.missingColumn', ctx.lang) });
    }
  }
  if (errors.length) refuse(errors);

  const schema = resourceSchemas(b.decl).importRow;
  const raws: { row: number; input: Input }[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const raw: Record<string, unknown> = {};
    fieldAt.forEach((name, col) => {
      const f = name ? b.decl.fields[name] : undefined;
      if (name && f) raw[name] = cellValue(f, cells[col] ?? '');
    });
    raws.push({ row: i + 2, input: raw });
  });
  // Every check that can refuse a row runs for every row before the first insert: one upload names every
  // problem, and a refused file never reaches an insert (so it uses up no ids).
  // A cell already reported (an unknown role name) is not reported again by the row's schema.
  const reported = new Set<string>();
  const report = (row: number, field: string, e: AppError) => {
    reported.add(`${row}:${field}`);
    errors.push({ row, column: field, message: text(e.message, ctx.lang, e.code) });
  };
  for (const r of await resolveReferences(ctx, exec, b, raws)) report(r.row, r.field, r.error);
  const inputs: { row: number; input: Input }[] = [];
  // Every row is checked against the database, a row the schema refused too (its cells as read): a taken
  // username is named in the first upload beside the row's other problems, not only once those are fixed.
  const checked: { row: number; input: Input }[] = [];
  for (const { row, input } of raws) {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      inputs.push({ row, input: parsed.data as Input });
      checked.push({ row, input: parsed.data as Input });
    } else {
      checked.push({ row, input });
      for (const issue of parsed.error.issues) {
        const key = `${row}:${String(issue.path[0])}`;
        if (reported.has(key)) continue;
        reported.add(key);
        errors.push({ row, column: issue.path.map(String).join('.') || '(row)', message: text(issue.message, ctx.lang) });
      }
    }
  }
  // A cell the schema refused is not also reported as a duplicate: its value is wrong either way.
  for (const r of await duplicateRows(ctx, exec, b, checked)) if (!reported.has(`${r.row}:${r.field}`)) report(r.row, r.field, r.error);
  // By row, then in the order of the row's columns as the file has them.
  const order = new Map(fieldAt.map((name, i) => [name ?? '', i]));
  errors.sort((x, y) => x.row - y.row || (order.get(x.column) ?? 0) - (order.get(y.column) ?? 0));
  if (errors.length) refuse(errors);

  await b.hooks.prepareAdds?.(ctx, inputs.map((r) => r.input));
  for (const { row, input } of inputs) {
    try {
      await exec.transaction(async (sp) => {
        const id = await addRow(ctx, sp as unknown as Executor, b, input);
        await ctx.audit(sp as unknown as Executor, { target: id, after: input });
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      errors.push({ row, column: e.field ?? '(row)', message: text(e.message, ctx.lang, e.code) });
    }
  }
  if (errors.length) refuse(errors);
  return { imported: inputs.length };
}
