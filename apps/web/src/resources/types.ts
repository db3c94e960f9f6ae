import type { ComponentType, ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { FieldDecl, Lang, ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';

/**
 * The custom parts a page plugs into the generic renderer, by the registry keys its declaration names (`render`
 * on a column, `widget` on a field, `detail.tabs`). The generic cells live in cells/registry.tsx; a page adds
 * or overrides what only it needs (the role editor's grant tree, the organisation's members tab).
 */

export interface CellProps {
  value: unknown;
  row: Row;
  field: string;
  decl: FieldDecl;
  lang: Lang;
}

/** A list cell renderer named by `ColumnDecl.render`. */
export type CellRenderer = ComponentType<CellProps>;

export interface WidgetProps {
  field: string;
  decl: FieldDecl;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The whole form: a widget may edit sibling fields too (the grant tree sets menus and buttons). */
  form: FormInstance;
  mode: 'add' | 'update';
}

/** A form control named by `FieldDecl.widget`. */
export interface FormWidget {
  Control: ComponentType<WidgetProps>;
  /** Fields this widget edits besides its own; the form gives them no control (nor label) of their own. */
  edits?: readonly string[];
  /** A check of the whole value beyond the declaration's rules (a structured value): the i18n key of its problem. */
  validate?: (value: unknown) => string | null;
}

export interface TabProps {
  row: Row;
  resource: ResourceDecl;
}

/** Several fields shown together by one view in the detail (the operation log's before → after diff). */
export interface FieldGroupView {
  fields: readonly string[];
  View: ComponentType<{ row: Row }>;
}

export interface ResourceParts {
  cells?: Record<string, CellRenderer>;
  widgets?: Record<string, FormWidget>;
  tabs?: Record<string, ComponentType<TabProps>>;
  fieldGroups?: readonly FieldGroupView[];
  /** Extra content above the list (a hint, a summary). */
  header?: ReactNode;
  /** After a saved add or edit, with the server's answer (a device's secret is shown once from it). */
  afterSave?: (row: Row, mode: 'add' | 'update') => void;
  /** After a row action succeeded (with or without its small form), with the server's answer. */
  afterAction?: (method: string, answer: unknown) => void;
}
