import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const loadSelect = () => import('./MenuSearchSelect');
const MenuSearchSelect = lazy(loadSelect);

/** Menu search (SPEC §2 Navbar): an icon that opens the search box; its code loads on first use. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="text"
      className="gx-navbar-button"
      icon={<SearchOutlined />}
      aria-label={t('navbar.search')}
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
      <MenuSearchSelect onClose={() => setOpen(false)} />
    </Suspense>
  );
}
