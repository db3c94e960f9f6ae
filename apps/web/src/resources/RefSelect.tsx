import { useDeferredValue, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { resourceByKey } from '@gx/contract';
import { resourceClient } from '../api/resource';
import { refLabelKey, useRefLabels } from './refLabels';
import { refLabelText } from './refLabelText';
import { refSelectOptions } from './refSelectOptions';
import { useLang } from './useLang';
import { useTranslate } from './useTranslate';
import '../components/picker.css';

interface Props {
  /** Key of the referenced resource (`FieldDecl.ref.resource`). */
  resource: string;
  multiple?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  placeholder?: string;
  testId?: string;
  disabled?: boolean;
  /** The control's id (Form.Item's), which binds its label. */
  id?: string;
}

const asIds = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : typeof v === 'number' ? [v] : []);

/**
 * The picker of a reference (SPEC §5): the server answers the first 50 rows matching the typed prefix and says when
 * there are more, and the picker then asks the user to refine. Chosen values keep their labels while the search
 * shows other rows.
 */
export function RefSelect({ resource, multiple = false, value, onChange, placeholder, testId, disabled, id }: Props) {
  const lang = useLang();
  const translate = useTranslate();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(keyword.trim());
  const decl = resourceByKey(resource);
  const result = useQuery({
    queryKey: [...refLabelKey(resource), 'search', deferred],
    queryFn: ({ signal }) => resourceClient(decl?.path ?? '').select(deferred ? { keyword: deferred } : {}, signal),
    enabled: open && Boolean(decl?.picker),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
  const chosen = asIds(value);
  const labels = useRefLabels(resource, chosen);
  const { options, hint } = refSelectOptions(chosen, result.data, (v) => labels.get(v) ?? `#${v}`, (label) => refLabelText(label, lang, translate), lang);

  return (
    <Select<unknown>
      mode={multiple ? 'multiple' : undefined}
      allowClear
      disabled={disabled}
      value={multiple ? chosen : chosen[0]}
      onChange={(v) => onChange?.(v ?? (multiple ? [] : null))}
      placeholder={placeholder}
      loading={result.isFetching}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setKeyword('');
      }}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      options={options}
      popupRender={(menu) => (
        <>
          {menu}
          {hint && (
            <div className="gx-picker-more" data-testid={testId ? `${testId}-more` : undefined}>
              {hint}
            </div>
          )}
        </>
      )}
      id={id}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
