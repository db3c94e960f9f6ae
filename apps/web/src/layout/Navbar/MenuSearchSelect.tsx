import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LANGS, type MenuNode } from '@gx/contract';
import i18n from '../../locales';
import { usePermissionStore } from '../../store/permission';
import { buildSearchEntries, type SearchEntry } from '../../utils/menuSearchEntries';
import type { FromSearchWorker, ToSearchWorker } from '../../utils/menuSearch.worker';

const LIMIT = 20;

/** One search worker for the page, started the first time the box opens. */
let worker: Worker | undefined;
function searchWorker(): Worker {
  worker ??= new Worker(new URL('../../utils/menuSearch.worker.ts', import.meta.url), { type: 'module' });
  return worker;
}
const send = (message: ToSearchWorker) => searchWorker().postMessage(message);

/** The entries of a menu load in a language, kept while the box closes and opens again. */
const entriesByMenus = new WeakMap<readonly MenuNode[], Map<string, SearchEntry[]>>();
/** What the worker indexes now: it is sent again only when the menus or the language change. */
let indexed: SearchEntry[] | undefined;

function entriesFor(menus: readonly MenuNode[], language: string): SearchEntry[] {
  const byLanguage = entriesByMenus.get(menus) ?? new Map<string, SearchEntry[]>();
  entriesByMenus.set(menus, byLanguage);
  const known = byLanguage.get(language);
  if (known) return known;
  // Titles in the other languages are searched too (HeaderSearch loads them all with the box): a page is found by its
  // Chinese name in English and back.
  const others = LANGS.filter((l) => l !== language)
    .map((lng) => (key: string) => i18n.t(key, { lng }));
  const entries = buildSearchEntries(menus, (key) => i18n.t(key, { lng: language }), others);
  byLanguage.set(language, entries);
  return entries;
}

let lastId = 0;

/** The open search box: ranked results over the titles, their pinyin and the paths; choosing one opens it. */
export default function MenuSearchSelect({ onClose, focusRequest }: { onClose: () => void; focusRequest: number }) {
  const { t, i18n: { language } } = useTranslation();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [results, setResults] = useState<SearchEntry[]>([]);
  const select = useRef<RefSelectProps>(null);
  useEffect(() => select.current?.focus(), [focusRequest]);
  const entries = useMemo(() => entriesFor(menus, language), [menus, language]);

  useEffect(() => {
    if (indexed !== entries) {
      send({ kind: 'index', entries });
      indexed = entries;
    }
    if (!deferred.trim()) {
      setResults([]);
      return;
    }
    const id = ++lastId;
    const onAnswer = ({ data }: MessageEvent<FromSearchWorker>) => {
      // Only the answer to the latest keystroke is shown; earlier ones arriving late are dropped.
      if (data.id === id) setResults(data.found.flatMap((i) => (entries[i] ? [entries[i]] : [])));
    };
    const w = searchWorker();
    w.addEventListener('message', onAnswer);
    send({ kind: 'search', id, query: deferred, limit: LIMIT });
    return () => w.removeEventListener('message', onAnswer);
  }, [entries, deferred]);

  const open = (path: string) => {
    const entry = entries.find((e) => e.path === path);
    if (entry?.external) window.open(path, '_blank', 'noopener,noreferrer');
    else navigate(path);
    onClose();
  };

  return (
    <Select<string>
      ref={select}
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
      // At most LIMIT options: drawn whole rather than virtualised (a virtual list draws only the rows in view, from
      // wherever it is scrolled), so the page always holds every match in rank order.
      virtual={false}
      data-testid="header-search-select"
    />
  );
}
