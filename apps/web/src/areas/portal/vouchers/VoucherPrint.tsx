import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Space, Spin } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { groupVoucher, portalVoucherResource } from '@gx/contract';
import type { Row } from '../../../api/resource';
import { displayText } from '../../../resources/fieldText';
import { useLang } from '../../../resources/useLang';
import { useUserStore } from '../../../store/user';
import { fetchVoucherBatch } from '../api';
import './voucherPrint.css';

const F = portalVoucherResource.fields;

/**
 * A batch's codes as cards to cut out and hand to guests: the organisation (the Wi-Fi's name as guests know it),
 * the place, the validity and the code in groups of five. Drawn over the console and alone on paper (the print
 * style hides everything else); the browser's print dialog does the rest.
 */
export function VoucherPrint({ batch, onClose }: { batch: string; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const orgName = useUserStore((s) => s.info?.org?.name ?? '');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchVoucherBatch(batch).then((r) => live && setRows(r), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [batch]);

  const usable = (rows ?? []).filter((r) => r.state === 'unused' || r.state === 'in_use');
  return createPortal(
    <div className="gx-voucher-print" role="dialog" aria-modal="true" aria-label={t('portal.voucher.printTitle', { batch })} data-testid="voucher-print">
      <div className="gx-voucher-print-bar">
        <h2>{t('portal.voucher.printTitle', { batch })}</h2>
        <Space>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!usable.length} onClick={() => window.print()} data-testid="voucher-print-go">
            {t('portal.voucher.print')}
          </Button>
          <Button icon={<CloseOutlined />} onClick={onClose}>{t('portal.voucher.close')}</Button>
        </Space>
      </div>
      {failed ? <Alert type="error" title={t('request.error')} /> : null}
      {!rows && !failed ? <Spin /> : null}
      {rows && !usable.length ? <Alert type="info" title={t('portal.voucher.nothingToPrint')} /> : null}
      <div className="gx-voucher-cards">
        {usable.map((r) => (
          <section key={r.id} className="gx-voucher-card" data-testid="voucher-card">
            <div className="gx-voucher-card-org">{orgName}</div>
            {r.place ? <div className="gx-voucher-card-place">{String(r.place)}</div> : null}
            <div className="gx-voucher-card-label">{t('portal.voucher.cardCode')}</div>
            <div className="gx-voucher-card-code">{groupVoucher(String(r.code))}</div>
            <div className="gx-voucher-card-meta">
              {t('portal.voucher.cardValid', { from: displayText(F.valid_from, r.valid_from, lang), until: displayText(F.valid_until, r.valid_until, lang) })}
            </div>
            <div className="gx-voucher-card-meta">{t('portal.voucher.cardUses', { count: Number(r.uses) - Number(r.used) })}</div>
          </section>
        ))}
      </div>
    </div>,
    document.body,
  );
}
