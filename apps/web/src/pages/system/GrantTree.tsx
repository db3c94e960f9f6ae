import { useMemo } from 'react';
import { Button, Empty, Form, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchGrantTree } from '../../api/resource';
import { permissionTitle } from '../../resources/permissionTitle';
import type { FormWidget, WidgetProps } from '../../resources/types';
import { useLang } from '../../resources/useLang';
import { useTranslate } from '../../resources/useTranslate';
import './system.css';
import { fromValues, grantNodes, indexNodes, shownChecked, toValues, toggle, type GrantNode } from './grantTreeModel';

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
  const toData = (list: GrantNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.key,
      title: (
        <span data-testid={`grant-${n.kind}-${n.name}`} className={n.kind === 'button' ? 'gx-grant-button' : undefined}>
          {title(n)}
        </span>
      ),
      children: n.children.length ? toData(n.children) : undefined,
      isLeaf: n.children.length === 0,
    }));
  const treeData = useMemo(() => toData(nodes), [nodes, lang, translate]); // eslint-disable-line react-hooks/exhaustive-deps

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
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        defaultExpandAll
        treeData={treeData}
        checkedKeys={{ checked: shownChecked(checked, index), halfChecked: [] }}
        onCheck={(_, info) => set(toggle(checked, String(info.node.key), info.checked, index))}
      />
    </div>
  );
}

/** The grant tree sits on `menu_ids` and also edits `button_ids`. */
export const grantTreeWidget: FormWidget = { Control: GrantTreeControl, edits: [BUTTONS] };
