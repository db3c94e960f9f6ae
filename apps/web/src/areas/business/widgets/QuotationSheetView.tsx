import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Spin } from 'antd';
import { CloseOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QUOTATION_SHEET_LABELS as L, QUOTATION_STATE_OPTIONS, quotationLineResource, taxRateText, type Lang, type QuotationSheet } from '@gx/contract';
import { Can } from '../../../components/Can';
import { formatCents } from '../../../resources/cells/moneyCells';
import { downloadExport } from '../../../resources/exportDownload';
import { pick, useLang } from '../../../resources/useLang';
import type { TabProps } from '../../../resources/types';
import { exportQuotationSheet, fetchQuotationSheet } from '../api';
import './quotationSheet.css';

const day = (v: string | null) => (v ? new Date(v).toLocaleDateString() : '');

/** The sheet as the customer reads it: who quotes, to whom, the lines and the totals, in the reader's language. */
function Sheet({ sheet, lang }: { sheet: QuotationSheet; lang: Lang }) {
  const money = (cents: number) => formatCents(cents, lang);
  const state = pick(QUOTATION_STATE_OPTIONS.find((o) => o.value === sheet.state)?.label, lang);
  return (
    <article className="gx-quotation-sheet" data-testid="quotation-sheet">
      <h2>{L.title[lang]} {sheet.quote_no}</h2>
      <dl className="gx-quotation-sheet-head">
        <dt>{L.from[lang]}</dt><dd>{sheet.organization}</dd>
        <dt>{L.customer[lang]}</dt><dd>{sheet.customer}</dd>
        {sheet.project ? <><dt>{L.project[lang]}</dt><dd>{sheet.project}</dd></> : null}
        <dt>{L.state[lang]}</dt><dd>{state}</dd>
        <dt>{L.date[lang]}</dt><dd>{day(sheet.sent_at ?? sheet.created_at)}</dd>
        {sheet.valid_until ? <><dt>{L.validUntil[lang]}</dt><dd>{day(sheet.valid_until)}</dd></> : null}
        <dt>{L.preparedBy[lang]}</dt><dd>{sheet.prepared_by}</dd>
      </dl>
      <table>
        <thead>
          <tr>{[L.index, L.model, L.name, L.unit, L.quantity, L.unitPrice, L.discount, L.amount].map((l) => <th key={l.en}>{l[lang]}</th>)}</tr>
        </thead>
        <tbody>
          {sheet.lines.map((l, i) => (
            <tr key={i}>
              <td>{i + 1}</td><td>{l.model}</td><td>{l.name}</td><td>{l.unit}</td><td className="num">{l.quantity}</td>
              <td className="num">{money(l.unit_price_cents)}</td><td className="num">{l.discount_percent}</td><td className="num">{money(l.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr><td colSpan={7}>{L.subtotal[lang]}</td><td className="num">{money(sheet.subtotal_cents)}</td></tr>
          <tr><td colSpan={7}>{L.discountTotal[lang]}</td><td className="num">{money(sheet.discount_cents)}</td></tr>
          <tr><td colSpan={7}>{L.netTotal[lang]}</td><td className="num">{money(sheet.net_cents)}</td></tr>
          <tr><td colSpan={7}>{L.taxRate[lang]}</td><td className="num" data-testid="quotation-sheet-tax-rate">{taxRateText(sheet.tax_rate_bp)}%</td></tr>
          <tr><td colSpan={7}>{L.tax[lang]}</td><td className="num" data-testid="quotation-sheet-tax">{money(sheet.tax_cents)}</td></tr>
          <tr className="total"><td colSpan={7}>{L.total[lang]}</td><td className="num" data-testid="quotation-sheet-total">{money(sheet.total_cents)}</td></tr>
        </tfoot>
      </table>
      {sheet.remark ? <p>{L.remark[lang]}: {sheet.remark}</p> : null}
    </article>
  );
}

/**
 * `quotationSheet` tab: the sheet as printed, with its xlsx export and a print view — the sheet alone over the
 * console, which the print style puts alone on paper; the browser's print dialog does the rest.
 */
export function QuotationSheetView({ row }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [printing, setPrinting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const sheet = useQuery({ queryKey: [quotationLineResource.key, 'sheet', row.id], queryFn: () => fetchQuotationSheet(row.id), staleTime: 0 });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      downloadExport(await exportQuotationSheet(row.id));
    } finally {
      setExporting(false);
    }
  };

  if (sheet.isError) return <Alert type="error" title={t('request.error')} />;
  if (!sheet.data) return <Spin />;
  return (
    <div data-testid="quotation-sheet-tab">
      <Space style={{ marginBottom: 12 }}>
        <Can perm="business.quotation.export">
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid="quotation-export-xlsx">
            {t('business.quotation.exportXlsx')}
          </Button>
        </Can>
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)} data-testid="quotation-print-view">{t('business.quotation.printView')}</Button>
      </Space>
      <Sheet sheet={sheet.data} lang={lang} />
      {printing ? createPortal(
        <div className="gx-quotation-print" role="dialog" aria-modal="true" aria-label={t('business.quotation.printView')} data-testid="quotation-print">
          <div className="gx-quotation-print-bar">
            <Space>
              <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>{t('business.quotation.print')}</Button>
              <Button icon={<CloseOutlined />} onClick={() => setPrinting(false)} data-testid="quotation-print-close">{t('business.quotation.closePrint')}</Button>
            </Space>
          </div>
          <Sheet sheet={sheet.data} lang={lang} />
        </div>,
        document.body,
      ) : null}
    </div>
  );
}
