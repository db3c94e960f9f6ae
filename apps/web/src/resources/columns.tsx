import { Tooltip, type TableColumnType } from 'antd';
import type { FieldDecl, Lang, ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';
import { DefaultCell } from './cells/DefaultCell';
import { displayText } from './fieldText';
import type { CellRenderer } from './types';

export interface SortState {
  field?: string;
  order?: 'asc' | 'desc';
}

/** Field types whose cell is plain text: cut with an ellipsis when too long, the whole text in a tooltip. */
const PLAIN = new Set<FieldDecl['type']>(['text', 'textarea', 'integer', 'number', 'datetime', 'icon']);
/** A date and time ("2026-01-31 23:59:59") is never cut. */
const DATETIME_WIDTH = 176;

/** A column's width: declared, but never narrower than its type needs. */
export function columnWidth(f: FieldDecl, declared: number | undefined): number {
  const w = declared ?? 150;
  return f.type === 'datetime' ? Math.max(w, DATETIME_WIDTH) : w;
}

/** The table's columns from the declaration: label, width, server-side sort, and the cell renderer by key or type. */
export function tableColumns(decl: ResourceDecl, cells: Record<string, CellRenderer>, lang: Lang, sort: SortState, sortable: boolean): TableColumnType<Row>[] {
  return decl.list.columns.flatMap((col) => {
    const f = decl.fields[col.field] as FieldDecl | undefined;
    if (!f) return [];
    const Cell = (col.render ? cells[col.render] : undefined) ?? DefaultCell;
    const activeSort = sort.field ?? decl.list.defaultSort.field;
    const activeOrder = sort.field ? sort.order : decl.list.defaultSort.order;
    return [{
      key: col.field,
      dataIndex: col.field,
      title: f.label[lang],
      width: columnWidth(f, col.width),
      fixed: col.fixed,
      ellipsis: PLAIN.has(f.type) && !col.render ? { showTitle: false } : col.ellipsis,
      sorter: sortable && col.sortable ? true : undefined,
      sortOrder: sortable && col.sortable && activeSort === col.field ? (activeOrder === 'desc' ? 'descend' : 'ascend') : null,
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (value: unknown, row: Row) => {
        const cell = <Cell value={value} row={row} field={col.field} decl={f} lang={lang} />;
        const text = PLAIN.has(f.type) && !col.render ? displayText(f, value, lang) : '';
        return text ? <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.4}><span className="gx-cell-text">{cell}</span></Tooltip> : cell;
      },
    } satisfies TableColumnType<Row>];
  });
}
