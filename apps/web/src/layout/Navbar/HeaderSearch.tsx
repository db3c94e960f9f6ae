import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS } from '@gx/contract';
import { loadLanguage } from '../../locales';

// A page is found by its title in every language: the box opens with them all loaded.
const loadSelect = () => Promise.all([import('./MenuSearchSelect'), ...LANGS.map(loadLanguage)]).then(([select]) => select);
const MenuSearchSelect = lazy(loadSelect);

/** Ctrl+K, or ⌘K on a Mac, as in most consoles and editors. */
const isSearchShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** Menu search (SPEC §2 Navbar): an icon, or Ctrl+K / ⌘K, opens the search box; its code loads on first use. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Bumped by the shortcut so an already open box takes the focus back.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      // The browser's own Ctrl+K (search the web) would take the focus away.
      e.preventDefault();
      setOpen(true);
      setFocusRequest((n) => n + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const button = (
    <Button
      type="text"
      className="gx-navbar-button"
      icon={<SearchOutlined />}
      aria-label={t('navbar.search')}
      aria-keyshortcuts="Control+K Meta+K"
      data-testid="header-search"
      // Start loading on approach so the box is ready when clicked.
      onPointerEnter={() => void loadSelect()}
      onFocus={() => void loadSelect()}
      onClick={() => setOpen(true)}
    />
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <MenuSearchSelect focusRequest={focusRequest} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
