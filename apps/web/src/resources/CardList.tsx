import type { ReactNode } from 'react';
import { Card, Empty, Pagination, Spin } from 'antd';
import type { FieldDecl, Lang, ResourceDecl } from '@gx/contract';
import type { Row } from '../api/resource';
import { DefaultCell } from './cells/DefaultCell';
import { useRowLabel } from './rowLabel';
import type { CellRenderer } from './types';

interface Props {
  decl: ResourceDecl;
  rows: Row[];
  cells: Record<string, CellRenderer>;
  lang: Lang;
  loading: boolean;
  actions: (row: Row) => ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void; showTotal: (total: number) => string } | false;
}

/** The field that tells a row's state on a card's corner: `status`, or the first option column with colours. */
function statusField(decl: ResourceDecl): string | undefined {
  if (decl.list.columns.some((c) => c.field === 'status')) return 'status';
  return decl.list.columns.find((c) => decl.fields[c.field]?.options?.some((o) => o.color))?.field;
}

/** Up to three key fields for a card: the most important columns that are not the title, the status or the id. */
export function cardFields(decl: ResourceDecl): string[] {
  const skip = new Set<string>(['id', ...(decl.picker?.label ?? []), statusField(decl) ?? '']);
  return decl.list.columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => !skip.has(c.field))
    .sort((a, b) => (a.c.priority ?? 2) - (b.c.priority ?? 2) || a.i - b.i)
    .slice(0, 3)
    .sort((a, b) => a.i - b.i)
    .map(({ c }) => c.field);
}

/**
 * A list on a small screen: one card per row — its name, its state, three key fields, its actions in a menu — so
 * rows can be told apart and nothing scrolls sideways.
 */
export function CardList({ decl, rows, cells, lang, loading, actions, pagination }: Props) {
  const nameOf = useRowLabel(decl);
  const status = statusField(decl);
  const fields = cardFields(decl);
  const cell = (field: string, row: Row) => {
    const col = decl.list.columns.find((c) => c.field === field);
    const f = decl.fields[field] as FieldDecl;
    const Cell = (col?.render ? cells[col.render] : undefined) ?? DefaultCell;
    return <Cell value={row[field]} row={row} field={field} decl={f} lang={lang} />;
  };
  return (
    <Spin spinning={loading}>
      <div className="gx-card-list" data-testid="resource-cards">
        {rows.length === 0 && !loading && <Empty />}
        {rows.map((row) => (
          <Card
            key={row.id}
            size="small"
            className="gx-row-card"
            data-testid="resource-card"
            title={<span className="gx-row-card-title">{nameOf(row)}</span>}
            extra={status && decl.fields[status] ? cell(status, row) : undefined}
            actions={[<div key="actions" className="gx-row-card-actions">{actions(row)}</div>]}
          >
            <dl className="gx-row-card-fields">
              {fields.map((field) => (
                <div key={field}>
                  <dt>{decl.fields[field]?.label[lang]}</dt>
                  <dd>{cell(field, row)}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ))}
        {pagination && pagination.total > 0 && (
          <Pagination
            simple
            align="center"
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={pagination.onChange}
            showTotal={pagination.showTotal}
          />
        )}
      </div>
    </Spin>
  );
}
