import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUOTATION_EDITABLE_STATE, quotationLineResource, quotationResource, taxRateText } from '@gx/contract';
import { ResourceList } from '../../../resources/ResourceList';
import { formatCents } from '../../../resources/cells/moneyCells';
import { useLang } from '../../../resources/useLang';
import type { ResourceParts, TabProps } from '../../../resources/types';
import { centsWidget } from '../../marketing/widgets/CentsInput';
import { fetchQuotationSheet } from '../api';

const parts: ResourceParts = { widgets: { cents: centsWidget } };

/**
 * `quotationLines` tab: the quotation's lines through the generic list (fixed to this quotation) and the totals
 * the server computed. The totals' query sits under the lines' key, so every line change refreshes them; the
 * quotation list is refreshed then too, as its totals changed.
 */
export function QuotationLines({ row }: TabProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const client = useQueryClient();
  const sheet = useQuery({ queryKey: [quotationLineResource.key, 'totals', row.id], queryFn: () => fetchQuotationSheet(row.id), staleTime: 0 });
  const total = sheet.data?.total_cents;
  useEffect(() => {
    if (total !== undefined) void client.invalidateQueries({ queryKey: [quotationResource.key] });
  }, [total, client]);

  return (
    <div data-testid="quotation-lines">
      {row.state !== QUOTATION_EDITABLE_STATE ? <Alert type="info" showIcon title={t('business.quotation.locked')} style={{ marginBottom: 12 }} /> : null}
      <ResourceList decl={quotationLineResource} fixed={{ quotation_id: row.id }} parts={parts} />
      {sheet.data?.short_stock.length ? (
        <Alert
          type="warning" showIcon style={{ marginBottom: 12 }} data-testid="quotation-short-stock"
          title={t('business.quotation.shortStock', { devices: sheet.data.short_stock.map((s) => `${s.model} (${s.quantity} / ${s.stock})`).join(', ') })}
        />
      ) : null}
      {sheet.data ? (
        <Descriptions size="small" column={3} bordered data-testid="quotation-totals">
          <Descriptions.Item label={t('business.quotation.subtotal')}>{formatCents(sheet.data.subtotal_cents, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('business.quotation.discount')}>{formatCents(sheet.data.discount_cents, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('business.quotation.net')}>{formatCents(sheet.data.net_cents, lang)}</Descriptions.Item>
          <Descriptions.Item label={t('business.quotation.tax', { rate: taxRateText(sheet.data.tax_rate_bp) })}>
            {formatCents(sheet.data.tax_cents, lang)}
          </Descriptions.Item>
          <Descriptions.Item label={t('business.quotation.total')}>
            <strong data-testid="quotation-total">{formatCents(sheet.data.total_cents, lang)}</strong>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </div>
  );
}
