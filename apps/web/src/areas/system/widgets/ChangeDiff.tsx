import { useState } from 'react';
import { Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDecl } from '@gx/contract';
import type { Row } from '../../../api/resource';
import { DefaultCell } from '../../../resources/cells/DefaultCell';
import { resourceOfAction } from '../../../resources/operationText';
import { useLang } from '../../../resources/useLang';
import './system.css';
import { changeRows, valueText, type DiffRow } from './changeDiff';

/**
 * The operation log's change view: before → after side by side, field by field, with changed fields marked. Fields
 * are named by the changed resource's own labels and their values shown as its list shows them (local time, option
 * labels, referenced rows by name); a value no declaration describes reads as plain text.
 */
export function ChangeDiff({ row }: { row: Row }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const decl = typeof row.action === 'string' ? resourceOfAction(row.action)?.decl : undefined;
  // In the order the resource declares its fields (as its form and details list them); others after.
  const order = Object.keys(decl?.fields ?? {});
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const rows = changeRows(row.before, row.after).sort((a, b) => rank(a.key) - rank(b.key));
  const fieldOf = (key: string): FieldDecl | undefined => (key && !decl?.fields[key]?.writeOnly ? decl?.fields[key] : undefined);
  const label = (key: string) => (key ? (fieldOf(key)?.label[lang] ?? t(`system.diff.keys.${key}`, { defaultValue: key })) : t('system.diff.value'));
  const shown = (onlyChanged ? rows.filter((r) => r.changed) : rows).filter((r) => !r.key || !decl?.fields[r.key]?.writeOnly);
  const cell = (side: 'before' | 'after') => (value: unknown, r: DiffRow) => {
    const f = fieldOf(r.key);
    return (
      <span className={`gx-diff-${side}`} data-testid={`diff-${side}-${r.key || 'value'}`}>
        {f ? <DefaultCell value={value} row={{ ...((side === 'before' ? row.before : row.after) as Record<string, unknown> | null), id: Number(row.target) }} field={r.key} decl={f} lang={lang} /> : valueText(value) || <span className="gx-cell-empty">-</span>}
      </span>
    );
  };

  return (
    <div className="gx-change-diff" data-testid="change-diff">
      <div className="gx-change-diff-head">
        <Typography.Text type="secondary" id="gx-change-diff-only">{t('system.diff.onlyChanged')} </Typography.Text>
        <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} aria-labelledby="gx-change-diff-only" data-testid="change-diff-only-changed" />
      </div>
      <Table<DiffRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={shown}
        locale={{ emptyText: t('system.diff.none') }}
        rowClassName={(r) => (r.changed ? 'gx-diff-changed' : '')}
        columns={[
          { title: t('system.diff.field'), dataIndex: 'key', width: '28%', render: (k: string) => <span data-testid={`diff-field-${k || 'value'}`}>{label(k)}</span> },
          { title: t('system.diff.before'), dataIndex: 'before', render: cell('before') },
          { title: t('system.diff.after'), dataIndex: 'after', render: cell('after') },
        ]}
      />
    </div>
  );
}
