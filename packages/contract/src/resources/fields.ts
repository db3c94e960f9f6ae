import type { FieldDecl, Label, ResourceDecl } from './types';
import { operationLabels, removeConfirm } from './common';

/** Reading a declaration: which fields a form sets, which columns sort, which permission key guards what. */

export function fieldEntries(decl: ResourceDecl): [string, FieldDecl][] {
  return Object.entries(decl.fields);
}

/** Whether a form of this kind sets the field. */
export function isWritable(f: FieldDecl, mode: 'add' | 'update'): boolean {
  const editable = f.editable ?? 'always';
  if (f.type === 'json') return false;
  return mode === 'add' ? editable !== 'never' : editable === 'always';
}

/** Fields a list or detail answer carries (everything but secrets). */
export function readableFields(decl: ResourceDecl): string[] {
  return fieldEntries(decl).filter(([, f]) => !f.writeOnly).map(([n]) => n);
}

export function sortableFields(decl: ResourceDecl): string[] {
  const cols = decl.list.columns.filter((c) => c.sortable).map((c) => c.field as string);
  return [...new Set([...cols, decl.list.defaultSort.field])];
}

/** The permission key of a generic operation or an action: `<resource key>.<name>`; viewing a row needs `list`. */
export function permissionKey(decl: ResourceDecl, opOrAction: string): string {
  const name = opOrAction === 'detail' || opOrAction === 'tree' ? 'list' : opOrAction;
  if (decl.actionsAt && decl.actions?.some((a) => a.name === name)) return `${decl.actionsAt.key}.${name}`;
  return `${decl.key}.${name}`;
}

/** Where a method of the resource is called: its actions' own path when it declares one, else its path. */
export function methodPath(decl: ResourceDecl, method: string): string {
  return decl.actionsAt && decl.actions?.some((a) => a.name === method) ? decl.actionsAt.path : decl.path;
}

/** The prefixes of the resource's permission keys: its key, and its actions' own key when they have one. */
export function keyPrefixesOf(decl: ResourceDecl): string[] {
  return decl.actionsAt ? [decl.key, decl.actionsAt.key] : [decl.key];
}

/** Every permission key a resource declares, i.e. the buttons a role can grant for it. */
export function permissionKeysOf(decl: ResourceDecl): string[] {
  const keys = new Set<string>();
  for (const op of decl.operations) keys.add(permissionKey(decl, op));
  for (const a of decl.actions ?? []) keys.add(permissionKey(decl, a.name));
  return [...keys];
}

export type ActionKind = 'add' | 'update' | 'remove' | 'detail' | 'import' | 'export' | 'state' | 'custom';

/** A button the console renders: where it sits, the wire method it calls and the btnlist key that shows it. */
export interface ActionView {
  method: string;
  key: string;
  label: Label;
  kind: ActionKind;
  placement: 'toolbar' | 'row' | 'bulk' | 'both';
  confirm?: Label;
  danger?: boolean;
  /** Fields of the small form the action opens (custom actions). */
  fields?: readonly string[];
  /** Fields of the small form that may stay empty. */
  optional?: readonly string[];
}

/** The generic buttons (add, edit, delete, import, export, details) followed by the declared actions. */
export function actionsOf(decl: ResourceDecl): ActionView[] {
  const ops = new Set(decl.operations);
  const out: ActionView[] = [];
  const push = (method: string, kind: ActionKind, placement: ActionView['placement'], extra: Partial<ActionView> = {}) => {
    out.push({ method, key: permissionKey(decl, method), label: operationLabels[method as keyof typeof operationLabels], kind, placement, ...extra });
  };
  if (ops.has('add')) push('add', 'add', 'toolbar');
  if (ops.has('import')) push('import', 'import', 'toolbar');
  if (ops.has('export')) push('export', 'export', 'toolbar');
  if (ops.has('detail')) push('detail', 'detail', 'row');
  if (ops.has('update')) push('update', 'update', 'row');
  for (const a of decl.actions ?? []) {
    out.push({
      method: a.name, key: permissionKey(decl, a.name), label: a.label, kind: a.transition ? 'state' : 'custom',
      placement: a.placement, confirm: a.confirm, danger: a.danger, fields: a.fields, optional: a.optional,
    });
  }
  if (ops.has('remove')) push('remove', 'remove', 'both', { confirm: removeConfirm, danger: true });
  return out;
}
