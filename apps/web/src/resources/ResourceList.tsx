import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Dropdown, Empty, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, permissionKey, type ActionView, type ResourceDecl } from '@gx/contract';
import { resourceClient, type ExportFormat, type Row, type Target, type TreeRow } from '../api/resource';
import { useCan } from '../components/Can';
import { ActionButton } from './ActionButton';
import { appliesTo, visibleActions } from './actions';
import { genericCells } from './cells/registry';
import { tableColumns, type SortState } from './columns';
import { downloadExport } from './exportDownload';
import { FilterBar } from './FilterBar';
import type { ResourceParts } from './types';
import { useLang } from './useLang';

// Dialogs load when first opened: a list page's first paint needs only the filters and the table.
const ResourceForm = lazy(() => import('./ResourceForm').then((m) => ({ default: m.ResourceForm })));
const DetailDrawer = lazy(() => import('./DetailDrawer').then((m) => ({ default: m.DetailDrawer })));
const ActionForm = lazy(() => import('./ActionForm').then((m) => ({ default: m.ActionForm })));
const ImportDialog = lazy(() => import('./ImportDialog').then((m) => ({ default: m.ImportDialog })));

interface Props {
  decl: ResourceDecl;
  parts?: ResourceParts;
  /** Filters the page fixes (a members tab shows one organisation's members); new rows get the same values. */
  fixed?: Record<string, unknown>;
}

/** True from the first time `value` is true on: a dialog stays mounted after its first opening, for its close animation. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** antd shows an expander for an empty children array; leaves should have none. */
function pruneLeaves(nodes: TreeRow[]): Row[] {
  return nodes.map(({ children, ...row }) => (children.length ? { ...row, children: pruneLeaves(children) } : row) as Row);
}

const PAGE_SIZES = [10, DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/**
 * The list page of a resource, from its declaration: filters, server-side paging and sort, columns by field type or
 * named renderer, row and bulk actions shown only where `btnlist` grants them, add/edit form, details, import and
 * export. Tree-shaped resources (menus, departments) show their tree until a filter is applied.
 */
export function ResourceList({ decl, parts = {}, fixed = {} }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  // The same `<Can>` check as every gated button of the console: btnlist, or a platform administrator.
  const allowed = useCan();
  const actions = visibleActions(decl, allowed);
  const canList = allowed(permissionKey(decl, 'list'));
  const client = useMemo(() => resourceClient(decl.path), [decl.path]);
  const cells = useMemo(() => ({ ...genericCells, ...parts.cells }), [parts.cells]);

  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SortState>({});
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ mode: 'add' | 'update'; id?: number } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [actionTarget, setActionTarget] = useState<{ action: ActionView; id: number } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const formUsed = useOnceTrue(editing !== null);
  const detailUsed = useOnceTrue(detailId !== null);
  const actionUsed = useOnceTrue(actionTarget !== null);
  const importUsed = useOnceTrue(importOpen);

  const fixedKey = JSON.stringify(fixed);
  const allFilters = useMemo(() => ({ ...filters, ...(JSON.parse(fixedKey) as Record<string, unknown>) }), [filters, fixedKey]);
  const treeMode = Boolean(decl.list.tree) && Object.keys(allFilters).length === 0;
  const sortParams = sort.field ? { sort: sort.field, order: sort.order } : {};

  const list = useQuery({
    queryKey: [decl.key, 'list', page, size, sort, allFilters],
    queryFn: () => client.list({ page, size, ...sortParams, filters: allFilters }),
    enabled: canList && !treeMode,
    placeholderData: keepPreviousData,
  });
  const tree = useQuery({
    queryKey: [decl.key, 'tree'],
    queryFn: () => client.tree(),
    enabled: canList && treeMode,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [decl.key] });
    void queryClient.invalidateQueries({ queryKey: ['ref', decl.key] });
  };

  const run = async (action: ActionView, target: Target) => {
    const id = 'id' in target ? target.id : undefined;
    try {
      if (action.kind === 'detail' && id !== undefined) setDetailId(id);
      else if (action.kind === 'update' && id !== undefined) setEditing({ mode: 'update', id });
      else if (action.fields?.length && id !== undefined) setActionTarget({ action, id });
      else if (action.kind === 'remove') {
        await client.remove(target);
        setSelected([]);
        refresh();
      } else if (action.kind === 'state' || action.kind === 'custom') {
        await client.action(action.method, target);
        setSelected([]);
        refresh();
      }
    } catch {
      // The request wrapper has told the user; the list stays as it was.
    }
  };

  const exportAs = async (format: ExportFormat) => {
    try {
      downloadExport(await client.export({ ...sortParams, filters: allFilters }, format));
    } catch {
      // Reported by the request wrapper.
    }
  };

  const rowActionsColumn = actions.row.length
    ? [{
        key: '__actions',
        title: t('resource.actions'),
        fixed: 'right' as const,
        width: Math.min(360, 40 + actions.row.length * 56),
        render: (_: unknown, row: Row) => (
          <Space size={0} wrap className="gx-row-actions">
            {actions.row.filter((a) => appliesTo(decl, a, row)).map((a) => (
              <ActionButton key={a.method} action={a} onRun={() => void run(a, { id: row.id })} testId={`row-action-${a.method}`} />
            ))}
          </Space>
        ),
      }]
    : [];
  const columns = [...tableColumns(decl, cells, lang, sort, !treeMode), ...rowActionsColumn];

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const field = typeof sorter.field === 'string' ? sorter.field : undefined;
      setSort(field && sorter.order ? { field, order: sorter.order === 'descend' ? 'desc' : 'asc' } : {});
      setPage(1);
    } else if (extra.action === 'paginate') {
      setPage(pagination.current ?? 1);
      setSize(pagination.pageSize ?? DEFAULT_PAGE_SIZE);
    }
    setSelected([]);
  };

  const toolbarButton = (a: ActionView) => {
    if (a.kind === 'add') {
      return (
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })} data-testid="toolbar-add">
          {a.label[lang]}
        </Button>
      );
    }
    if (a.kind === 'import') {
      return (
        <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="toolbar-import">
          {a.label[lang]}
        </Button>
      );
    }
    return (
      <Dropdown
        key="export"
        trigger={['click']}
        menu={{
          items: [
            { key: 'xlsx', label: <span data-testid="export-xlsx">{t('resource.exportXlsx')}</span> },
            { key: 'csv', label: <span data-testid="export-csv">{t('resource.exportCsv')}</span> },
          ],
          onClick: ({ key }) => void exportAs(key === 'csv' ? 'csv' : 'xlsx'),
        }}
      >
        <Button icon={<DownloadOutlined />} data-testid="toolbar-export">
          {a.label[lang]}
        </Button>
      </Dropdown>
    );
  };

  const treeRows = useMemo(() => (tree.data ? pruneLeaves(tree.data) : []), [tree.data]);
  const rows = treeMode ? treeRows : (list.data?.list ?? []);

  return (
    <div className="gx-resource-list" data-testid={`resource-list-${decl.key}`}>
      <FilterBar decl={decl} hidden={Object.keys(fixed)} onApply={(next) => { setFilters(next); setPage(1); setSelected([]); }} />
      <div className="gx-resource-toolbar">
        <Space wrap>
          {actions.toolbar.map(toolbarButton)}
          {actions.bulk.map((a) => (
            <ActionButton key={a.method} action={a} variant="button" disabled={selected.length === 0} onRun={() => void run(a, { ids: selected })} testId={`bulk-action-${a.method}`} />
          ))}
        </Space>
        <Space>
          {selected.length > 0 && <Typography.Text type="secondary">{t('resource.selected', { count: selected.length })}</Typography.Text>}
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('resource.refresh')} title={t('resource.refresh')} data-testid="toolbar-refresh" />
        </Space>
      </div>
      {canList ? (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={treeMode ? tree.isFetching : list.isFetching}
          scroll={{ x: 'max-content' }}
          onChange={onTableChange}
          rowSelection={actions.bulk.length ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), checkStrictly: true } : undefined}
          pagination={
            treeMode
              ? false
              : {
                  current: page,
                  pageSize: size,
                  total: list.data?.total ?? 0,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES,
                  showTotal: (total) => t('resource.total', { total }),
                }
          }
          data-testid="resource-table"
        />
      ) : (
        <Empty description={t('resource.noListPermission')} data-testid="resource-no-list" />
      )}
      <Suspense fallback={null}>
        {formUsed && (
          <ResourceForm
            decl={decl}
            parts={parts}
            editing={editing}
            fixed={fixed}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        )}
        {detailUsed && <DetailDrawer decl={decl} parts={parts} id={detailId} onClose={() => setDetailId(null)} />}
        {actionUsed && (
          <ActionForm
            decl={decl}
            target={actionTarget}
            onClose={() => setActionTarget(null)}
            onDone={() => {
              setActionTarget(null);
              refresh();
            }}
          />
        )}
        {importUsed && (
          <ImportDialog
            decl={decl}
            open={importOpen}
            onClose={() => setImportOpen(false)}
            onImported={() => {
              setImportOpen(false);
              refresh();
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
