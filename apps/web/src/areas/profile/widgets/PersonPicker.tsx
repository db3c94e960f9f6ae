import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PICKER_LIMIT } from '@gx/contract';
import { searchPersonnel } from '../api/personnel';
import '../../../components/picker.css';

interface Props {
  value?: number;
  onChange?: (value: number) => void;
  placeholder: string;
  testId: string;
}

/**
 * Employee picker (SPEC §5): members of the current organisation filtered by name on the server; only the first 50
 * come back, with a hint to refine the search when there are more.
 */
export function PersonPicker({ value, onChange, placeholder, testId }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const result = useQuery({
    queryKey: ['personnel', deferred],
    queryFn: ({ signal }) => searchPersonnel(deferred, signal),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const people = result.data?.warden ?? [];

  return (
    <Select<number>
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      loading={result.isFetching}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      onOpenChange={(open) => !open && setKeyword('')}
      notFoundContent={result.isFetching ? null : t('succession.empty')}
      options={people.map((p) => ({ value: p.id, label: p.cellphone ? `${p.name} (${p.cellphone})` : p.name }))}
      popupRender={(menu) => (
        <>
          {menu}
          {result.data?.more && (
            <div className="gx-picker-more" data-testid={`${testId}-more`}>
              {t('succession.more', { count: PICKER_LIMIT })}
            </div>
          )}
        </>
      )}
      data-testid={testId}
    />
  );
}
