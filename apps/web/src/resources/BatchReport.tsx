import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchResult } from '@gx/contract';

export interface BatchOutcome {
  action: string;
  result: BatchResult;
  /** Row id → how a person names it. */
  names: Map<number, string>;
}

/** The outcome of a batch that was not done whole: how many were done, and each refused row with the reason. */
export function BatchReport({ outcome, onClose }: { outcome: BatchOutcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  const refused = outcome?.result.refused ?? [];
  return (
    <Modal
      open={outcome !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      title={outcome ? t('resource.batchTitle', { action: outcome.action, done: outcome.result.done.length, refused: refused.length }) : ''}
      wrapProps={{ 'data-testid': 'batch-report' }}
    >
      <p>{t('resource.batchRefused')}</p>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={refused.map((r) => ({ ...r, name: outcome?.names.get(r.id) ?? `#${r.id}` }))}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('resource.batchRecord') },
          { key: 'message', dataIndex: 'message', title: t('resource.batchReason') },
        ]}
      />
    </Modal>
  );
}
