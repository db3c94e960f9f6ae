import { useState } from 'react';
import { Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/resource';
import { resourceOfAction } from '../../resources/operationText';
import { useLang } from '../../resources/useLang';
import './system.css';
import { changeRows, type DiffRow } from './changeDiff';

/**
 * The operation log's change view: before → after side by side, field by field, with changed fields marked and
 * named by the changed resource's own labels.
 */
export function ChangeDiff({ row }: { row: Row }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const rows = changeRows(row.before, row.after);
  const decl = typeof row.action === 'string' ? resourceOfAction(row.action)?.decl : undefined;
  const label = (key: string) => (key ? (decl?.fields[key]?.label[lang] ?? key) : t('system.diff.value'));
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;

  return (
    <div className="gx-change-diff" data-testid="change-diff">
      <div className="gx-change-diff-head">
        <Typography.Text type="secondary">{t('system.diff.onlyChanged')} </Typography.Text>
        <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} data-testid="change-diff-only-changed" />
      </div>
      <Table<DiffRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={shown}
        locale={{ emptyText: t('system.diff.none') }}
        rowClassName={(r) => (r.changed ? 'gx-diff-changed' : '')}
        columns={[
          { title: t('system.diff.field'), dataIndex: 'key', width: 160, render: (k: string) => label(k) },
          { title: t('system.diff.before'), dataIndex: 'before', render: (v: string) => <span className="gx-diff-before">{v || '-'}</span> },
          { title: t('system.diff.after'), dataIndex: 'after', render: (v: string) => <span className="gx-diff-after">{v || '-'}</span> },
        ]}
      />
    </div>
  );
}
