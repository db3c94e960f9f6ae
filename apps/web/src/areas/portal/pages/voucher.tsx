import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { portalVoucherResource } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { VoucherPrint } from '../vouchers/VoucherPrint';

/**
 * Vouchers: the add form generates a batch (count, validity, uses); a batch's usable codes print as cards, offered
 * right after generating and for any batch named above the list.
 */
export default function VoucherPage() {
  const { t } = useTranslation();
  const [batch, setBatch] = useState('');
  const [printing, setPrinting] = useState('');
  const parts: ResourceParts = {
    header: (
      <Space.Compact>
        <Input
          aria-label={t('portal.voucher.batchToPrint')} placeholder={t('portal.voucher.batchToPrint')} maxLength={64} value={batch}
          onChange={(e) => setBatch(e.target.value)} onPressEnter={() => batch.trim() && setPrinting(batch.trim())} data-testid="voucher-print-batch"
        />
        <Button icon={<PrinterOutlined />} disabled={!batch.trim()} onClick={() => setPrinting(batch.trim())} data-testid="voucher-print-open">
          {t('portal.voucher.printBatch')}
        </Button>
      </Space.Compact>
    ),
    afterSave: (row, mode) => {
      if (mode === 'add' && typeof row.batch === 'string') setPrinting(row.batch);
    },
  };
  return (
    <>
      <ResourcePage decl={portalVoucherResource} parts={parts} />
      {printing ? <VoucherPrint batch={printing} onClose={() => setPrinting('')} /> : null}
    </>
  );
}
