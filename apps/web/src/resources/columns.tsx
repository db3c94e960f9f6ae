import type { TableColumnType } from 'antd';
import type { FieldDecl, Lang, ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';
import { DefaultCell } from './cells/DefaultCell';
import type { CellRenderer } from './types';

export interface SortState {
  field?: string;
  order?: 'asc' | 'desc';
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
      width: col.width,
      fixed: col.fixed,
      ellipsis: col.ellipsis,
      sorter: sortable && col.sortable ? true : undefined,
      sortOrder: sortable && col.sortable && activeSort === col.field ? (activeOrder === 'desc' ? 'descend' : 'ascend') : null,
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (value: unknown, row: Row) => <Cell value={value} row={row} field={col.field} decl={f} lang={lang} />,
    } satisfies TableColumnType<Row>];
  });
}
