import { useDeferredValue, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '../../store/permission';
import { buildSearchEntries, createMenuSearch } from '../../utils/menuSearch';

/** The open search box: fuzzy results over the translated titles and paths; choosing one opens it. */
export default function MenuSearchSelect({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const language = i18n.language;
  // Rebuilt when the menus or the language change, so it always searches what the user reads.
  const index = useMemo(() => {
    const entries = buildSearchEntries(menus, (key) => i18n.t(key, { lng: language }));
    return { entries, search: createMenuSearch(entries) };
  }, [menus, i18n, language]);
  const results = useMemo(() => index.search.search(deferred), [index, deferred]);

  const open = (path: string) => {
    const entry = index.entries.find((e) => e.path === path);
    if (entry?.external) window.open(path, '_blank', 'noopener,noreferrer');
    else navigate(path);
    onClose();
  };

  return (
    <Select<string>
      className="gx-header-search"
      autoFocus
      defaultOpen
      value={null}
      placeholder={t('navbar.search')}
      aria-label={t('navbar.search')}
      suffixIcon={null}
      showSearch={{ filterOption: false, searchValue: query, onSearch: setQuery }}
      options={results.map((e) => ({ value: e.path, label: e.title.join(' > ') }))}
      notFoundContent={deferred.trim() ? t('navbar.searchEmpty') : null}
      onChange={open}
      onBlur={onClose}
      popupMatchSelectWidth={280}
      data-testid="header-search-select"
    />
  );
}
