import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authorizedSendResource } from '@gx/contract';
import { requestData } from '../../../api/request';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import '../../../components/picker.css';

interface Recipients { list: { value: number; label: string }[]; more: boolean }

/**
 * The organisation a licence grant goes to: only those the server lets the caller's organisation send to (any, for
 * the platform; its conglomerate's, for others), searched by name prefix or number.
 */
function RecipientControl({ value, onChange, id }: WidgetProps & { id?: string }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(keyword.trim());
  const result = useQuery({
    queryKey: ['business.authorized_send', 'recipients', deferred],
    queryFn: () => requestData<Recipients>(authorizedSendResource.path, { method: 'recipients', ...(deferred ? { keyword: deferred } : {}) },
      { loading: false, quietSuccess: true }),
    enabled: open || typeof value === 'number',
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const found = result.data?.list ?? [];
  const options = found.map((o) => ({ value: o.value, label: `${o.label} (#${o.value})` }));
  if (typeof value === 'number' && !found.some((o) => o.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number>
      allowClear
      id={id}
      value={typeof value === 'number' ? value : undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('business.licenceRecipient.placeholder')}
      aria-label={t('business.licenceRecipient.placeholder')}
      loading={result.isFetching}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setKeyword('');
      }}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      options={options}
      notFoundContent={t('business.licenceRecipient.none')}
      popupRender={(menu) => (
        <>
          {menu}
          {result.data?.more && <div className="gx-picker-more">{t('business.licenceRecipient.more')}</div>}
        </>
      )}
      data-testid="field-to_org_id"
    />
  );
}

export const licenceRecipientWidget: FormWidget = { Control: RecipientControl };
