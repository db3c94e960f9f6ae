import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Empty, Form, Input, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchGrantTree } from '../../../api/resource';
import { permissionTitle } from '../../../resources/permissionTitle';
import type { FormWidget, WidgetProps } from '../../../resources/types';
import { useLang } from '../../../resources/useLang';
import { useTranslate } from '../../../resources/useTranslate';
import './system.css';
import { countsOf, filterNodes, fromValues, grantNodes, indexNodes, shownChecked, toValues, toggle, type GrantNode } from './grantTreeModel';

const MENUS = 'menu_ids';
const BUTTONS = 'button_ids';

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/**
 * `grantTree`: one checkbox tree of the menus a role can grant with each page's buttons under it
 * (`/admin/system/function_menu`). It edits both `menu_ids` and `button_ids`.
 */
function GrantTreeControl({ form, value }: WidgetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const translate = useTranslate();
  const catalogue = useQuery({ queryKey: ['system.function_menu', 'tree'], queryFn: fetchGrantTree, staleTime: 60_000 });
  const nodes = useMemo(() => (catalogue.data ? grantNodes(catalogue.data) : []), [catalogue.data]);
  const index = useMemo(() => indexNodes(nodes), [nodes]);
  // The form holds both fields; this control is bound to menu_ids and watches button_ids.
  const buttons = ids(Form.useWatch(BUTTONS, form));
  const checked = fromValues(ids(value), buttons);

  const set = (next: Set<string>) => {
    const v = toValues(next, index);
    form.setFieldsValue({ [MENUS]: v.menu_ids, [BUTTONS]: v.button_ids });
  };

  const title = (n: GrantNode) => {
    if (n.kind === 'group') return t('system.grant.otherButtons');
    if (n.kind === 'menu') return translate(n.title) ?? n.name;
    return permissionTitle(n.title, lang, translate);
  };
  // Search over the titles the user reads and the keys an integrator knows; ticks still act on the whole tree.
  const [search, setSearch] = useState('');
  const needle = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () => (needle ? filterNodes(nodes, (n) => title(n).toLowerCase().includes(needle) || n.name.toLowerCase().includes(needle)) : nodes),
    [nodes, needle, lang, translate], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const counts = countsOf(checked, index);
  const toData = (list: GrantNode[]): TreeDataNode[] =>
    list.map((n) => {
      const c = counts.get(n.key);
      return {
        key: n.key,
        title: (
          <span data-testid={`grant-${n.kind}-${n.name}`} className={n.kind === 'button' ? 'gx-grant-button' : undefined}>
            {title(n)}
            {c ? <span className="gx-grant-count" data-testid={`grant-count-${n.name}`}>{` ${c.granted}/${c.total}`}</span> : null}
          </span>
        ),
        children: n.children.length ? toData(n.children) : undefined,
        isLeaf: n.children.length === 0,
      };
    });
  const treeData = toData(shown);

  if (catalogue.isLoading) return <Spin />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="gx-grant-tree" data-testid="grant-tree">
      <Space className="gx-grant-tools">
        <Button size="small" onClick={() => set(new Set(index.node.keys()))} data-testid="grant-all">
          {t('system.grant.all')}
        </Button>
        <Button size="small" onClick={() => set(new Set())} data-testid="grant-none">
          {t('system.grant.none')}
        </Button>
        <Input.Search
          size="small"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('system.grant.search')}
          aria-label={t('system.grant.search')}
          data-testid="grant-search"
        />
      </Space>
      {needle && !shown.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.grant.noMatch')} /> : null}
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        // A search shows every match opened; remounting on it re-applies the expansion.
        key={needle}
        treeData={treeData}
        checkedKeys={shownChecked(checked, index)}
        onCheck={(_, info) => set(toggle(checked, String(info.node.key), info.checked, index))}
      />
    </div>
  );
}

/** The grant tree sits on `menu_ids` and also edits `button_ids`. */
export const grantTreeWidget: FormWidget = { Control: GrantTreeControl, edits: [BUTTONS] };
