import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '../../store/permission';
import { useCurrentRoute } from '../useCurrentRoute';
import { MenuIcon } from './menuIcons';
import { ancestorKeys, buildMenuTree, nextOpenKeys, type MenuEntry } from './menuTree';

type Item = Required<MenuProps>['items'][number];

function toItems(entries: readonly MenuEntry[], t: (key: string) => string, top: boolean): Item[] {
  return entries.map((e) => ({
    key: e.key,
    label: t(e.title),
    ...(top || e.icon ? { icon: <MenuIcon name={e.icon} /> } : {}),
    ...(e.children ? { children: toItems(e.children, t, false) } : {}),
  }));
}

/** The nested menu (SPEC §2): one section open at a time; external links open in a new tab. */
export function SidebarMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = usePermissionStore((s) => s.menus);
  const route = useCurrentRoute();
  const tree = useMemo(() => buildMenuTree(menus), [menus]);
  const items = useMemo(() => toItems(tree, t, true), [tree, t]);
  const externals = useMemo(() => collectExternal(tree), [tree]);

  const selected = route?.path ?? '';
  // Opening follows the current page until the user opens or closes a section by hand.
  const [manualOpen, setManualOpen] = useState<{ for: string; keys: string[] } | null>(null);
  const openKeys = manualOpen?.for === selected ? manualOpen.keys : ancestorKeys(tree, selected);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (externals.has(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else navigate(key);
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(collapsed ? {} : { openKeys })}
      inlineCollapsed={collapsed}
      onOpenChange={(keys) => setManualOpen({ for: selected, keys: nextOpenKeys(tree, openKeys, keys) })}
      onClick={onClick}
      data-testid="sidebar-menu"
    />
  );
}

function collectExternal(entries: readonly MenuEntry[], into = new Set<string>()): Set<string> {
  for (const e of entries) {
    if (e.external) into.add(e.key);
    if (e.children) collectExternal(e.children, into);
  }
  return into;
}
