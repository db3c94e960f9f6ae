import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Dropdown, Empty, Modal, Space, Table, Typography, type ButtonProps, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Code, DEFAULT_PAGE_SIZE, EXPORT_MAX_ROWS, MAX_PAGE_SIZE, methodPath, permissionKey, type ActionView, type BatchResult, type InUseAnswer, type ResourceDecl } from '@gx/contract';
import { ApiError } from '../api/errors';
import { resourceClient, type ExportFormat, type Row, type TreeRow } from '../api/resource';
import { toast } from '../api/feedback';
import { useCan } from '../components/Can';
import { useAppStore } from '../store/app';
import { allowedOn, visibleActions } from './actions';
import { BatchReport, type BatchOutcome } from './BatchReport';
import { CardList } from './CardList';
import { genericCells } from './cells/registry';
import { ColumnSettings } from './ColumnSettings';
import { layoutColumns } from './columnLayout';
import { tableColumns } from './columns';
import { downloadExport, saveFile } from './exportDownload';
import { FilterBar } from './FilterBar';
import { useRowLabel } from './rowLabel';
import { RowActions } from './RowActions';
import type { ActionTarget } from './ActionForm';
import type { ResourceParts } from './types';
import { useColumnPrefs } from './useColumnPrefs';
import { useListState } from './useListState';
import type { ListState } from './listState';
import { pick, useLang } from './useLang';
import { useWidth } from './useWidth';

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
/** Row actions shown as links before the rest fold into "more". */
const INLINE_ACTIONS = 2;
const ACTION_WIDTH = 72;
const SELECTION_WIDTH = 48;

/** An action waiting for the user's yes: on one row (named) or on the selected rows (counted). */
interface Confirming {
  action: ActionView;
  rows: Row[];
  text: string;
  /** The server's word on who holds the rows (IN_USE, declared `ask`): confirming re-sends with `confirm`. */
  inUse?: string[];
}

/**
 * The list page of a resource, from its declaration: filters, server-side paging and sort (in the URL), columns by
 * field type or named renderer fitted to the width by priority, row and bulk actions shown only where `btnlist`
 * grants them and the server's per-row rule allows them, add/edit form, details, import and export. Below 992 px
 * the rows are cards and the filters a drawer. Tree-shaped resources show their tree until a filter is applied.
 */
export function ResourceList({ decl, parts = {}, fixed = {} }: Props) {
  const nameOf = useRowLabel(decl);
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const mobile = useAppStore((s) => s.device === 'mobile');
  // The same `<Can>` check as every gated button of the console: btnlist, or a platform administrator.
  const allowed = useCan();
  const actions = visibleActions(decl, allowed);
  const canList = allowed(permissionKey(decl, 'list'));
  const client = useMemo(() => resourceClient(decl.path, (m) => methodPath(decl, m)), [decl]);
  const cells = useMemo(() => ({ ...genericCells, ...parts.cells }), [parts.cells]);
  const fixedKey = JSON.stringify(fixed);
  // A page's own list keeps its state in the URL; a list inside a drawer (fixed filters) keeps it to itself.
  const [state, setState] = useListState(decl, fixedKey === '{}');
  const { page, size, sort, filters } = state;
  const [prefs, setPrefs] = useColumnPrefs(decl);
  const [width, boxRef] = useWidth<HTMLDivElement>();

  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ mode: 'add' | 'update'; id?: number } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [actionTarget, setActionTarget] = useState<ActionTarget | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const formUsed = useOnceTrue(editing !== null);
  const detailUsed = useOnceTrue(detailId !== null);
  const actionUsed = useOnceTrue(actionTarget !== null);
  const importUsed = useOnceTrue(importOpen);

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

  /** One row: the call succeeds or fails whole, the request wrapper says which. */
  const runOne = async (action: ActionView, row: Row, confirmed = false) => {
    try {
      if (action.kind === 'remove') await client.remove({ id: row.id }, confirmed);
      else {
        const answer = await client.action(action.method, { id: row.id });
        parts.afterAction?.(action.method, answer);
      }
      setSelected((s) => s.filter((id) => id !== row.id));
      refresh();
    } catch (e) {
      // Others hold the row: ask, naming them, where the declaration allows removing it anyway; else say why not.
      if (e instanceof ApiError && e.code === Code.IN_USE) {
        const inUse = e.envelope.data as InUseAnswer | undefined;
        if (inUse?.onRemove === 'ask') setConfirming({ action, rows: [row], text: t('resource.removeAnyway', { name: nameOf(row) }), inUse: [e.message] });
        else toast('error', e.message);
      }
      // Anything else: the request wrapper has told the user; the list stays as it was.
    }
  };

  /** Several rows' answer: refused rows are listed by name with the server's reason, else the count done. */
  const reportBatch = (action: ActionView, rows: Row[], result: BatchResult) => {
    setSelected([]);
    refresh();
    const names = new Map(rows.map((r) => [r.id, nameOf(r)]));
    const label = pick(action.label, lang);
    if (result.refused.length) setOutcome({ action: label, result, names });
    else toast('success', t('resource.batchDone', { action: label, done: result.done.length }));
  };

  /** Several rows: done row by row; refused rows are listed by name with the server's reason. */
  const runBatch = async (action: ActionView, rows: Row[], confirmed = false) => {
    const label = pick(action.label, lang);
    try {
      const result = await client.batch(action.method, rows.map((r) => r.id), confirmed ? { confirm: true } : {});
      setSelected([]);
      refresh();
      const names = new Map(rows.map((r) => [r.id, nameOf(r)]));
      // Rows held by others where removing anyway is allowed: ask once for all of them, naming each holder list.
      const askable = action.kind === 'remove' ? result.refused.filter((r) => r.inUse?.onRemove === 'ask') : [];
      if (askable.length) {
        const ids = new Set(askable.map((r) => r.id));
        setConfirming({
          action, rows: rows.filter((r) => ids.has(r.id)), text: t('resource.removeAnywayMany', { count: askable.length }),
          inUse: askable.map((r) => `${names.get(r.id) ?? r.id}: ${r.message}`),
        });
        result.refused = result.refused.filter((r) => !ids.has(r.id));
      }
      if (result.refused.length) setOutcome({ action: label, result, names });
      else if (!askable.length) toast('success', t('resource.batchDone', { action: label, done: result.done.length }));
    } catch (e) {
      toast('error', e instanceof Error && e.message ? e.message : t('request.error'));
    }
  };

  const run = (action: ActionView, rows: Row[], confirmed = false) => {
    const [row] = rows;
    if (!row) return;
    if (action.kind === 'detail') setDetailId(row.id);
    else if (action.kind === 'update') setEditing({ mode: 'update', id: row.id });
    else if (action.fields?.length) setActionTarget({ action, ids: rows.map((r) => r.id), name: nameOf(row) });
    else if (rows.length > 1) void runBatch(action, rows, confirmed);
    else void runOne(action, row, confirmed);
  };

  /** Asks first where the action says so, naming the row or counting the rows. */
  const ask = (action: ActionView, rows: Row[]) => {
    const [row] = rows;
    if (!row) return;
    if (!action.confirm || action.fields?.length) {
      run(action, rows);
      return;
    }
    const label = pick(action.label, lang);
    const text = rows.length === 1 ? t('resource.confirmOne', { action: label, name: nameOf(row) }) : t('resource.confirmMany', { action: label, count: rows.length });
    setConfirming({ action, rows, text });
  };

  const exportAs = async (format: ExportFormat) => {
    const params = { ...sortParams, filters: allFilters };
    try {
      // Past what one answer may carry, the file streams from the server as the answer itself.
      if ((list.data?.total ?? 0) > EXPORT_MAX_ROWS) {
        const file = await client.exportFile(params, format);
        saveFile(file.blob, file.filename);
      } else {
        downloadExport(await client.export(params, format));
      }
    } catch {
      // Reported by the request wrapper.
    }
  };

  const treeRows = useMemo(() => (tree.data ? pruneLeaves(tree.data) : []), [tree.data]);
  const pageRows = list.data?.list;
  const rows = useMemo(() => (treeMode ? treeRows : (pageRows ?? [])), [treeMode, treeRows, pageRows]);
  const rowById = useMemo(() => {
    const m = new Map<number, Row>();
    const walk = (rs: Row[]) => rs.forEach((r) => { m.set(r.id, r); if (Array.isArray(r.children)) walk(r.children as Row[]); });
    walk(rows);
    return m;
  }, [rows]);

  const rowActions = (row: Row, inline: number) => (
    <RowActions actions={allowedOn(decl, actions.row, row)} rowName={nameOf(row)} inline={inline} onRun={(a) => ask(a, [row])} />
  );

  // Columns: the user's choice, or as many as fit by the declaration's priorities; actions never cover data.
  const mostActions = rows.reduce((m, r) => Math.max(m, allowedOn(decl, actions.row, r).length), 0);
  // The inline links plus, when some row has more, its "more" button.
  const actionsWidth = actions.row.length ? 16 + ACTION_WIDTH * (Math.max(Math.min(mostActions, INLINE_ACTIONS), 1) + (mostActions > INLINE_ACTIONS ? 1 : 0)) : 0;
  const available = (width || 1200) - actionsWidth - (actions.bulk.length ? SELECTION_WIDTH : 0);
  const layout = layoutColumns(decl, prefs.order, prefs.shown, available);
  const shown = layout.shown;
  const allColumns = tableColumns(decl, cells, lang, sort, !treeMode);
  const dataColumns = shown.flatMap((f) => allColumns.filter((c) => c.key === f).map((c) => ({ ...c, width: layout.widths[f] })));
  const scrolls = layout.total > available;
  const rowActionsColumn = actions.row.length
    ? [{
        key: '__actions',
        title: t('resource.actions'),
        fixed: scrolls ? ('right' as const) : undefined,
        width: actionsWidth,
        render: (_: unknown, row: Row) => rowActions(row, INLINE_ACTIONS),
      }]
    : [];
  const columns = [...dataColumns, ...rowActionsColumn];

  // Only what the pager changed: the rendered page or size may lag the address bar (a click before the router's
  // render), and sending it back would undo the change before.
  const pagerChange = (p: number, s: number): Partial<ListState> => (s !== size ? { page: p, size: s } : { page: p });

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const field = typeof sorter.field === 'string' ? sorter.field : undefined;
      setState({ sort: field && sorter.order ? { field, order: sorter.order === 'descend' ? 'desc' : 'asc' } : {}, page: 1 });
    } else if (extra.action === 'paginate') {
      setState(pagerChange(pagination.current ?? 1, pagination.pageSize ?? DEFAULT_PAGE_SIZE));
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

  const selectedRows = selected.map((id) => rowById.get(id)).filter((r): r is Row => r !== undefined);
  const bulkAllowed = (row: Row) => actions.bulk.some((a) => allowedOn(decl, [a], row).length > 0);
  const filterBar = (
    <FilterBar
      decl={decl}
      hidden={Object.keys(fixed)}
      value={filters}
      folded={mobile}
      onApply={(next) => { setState({ filters: next, page: 1 }); setSelected([]); }}
    />
  );
  const pagination = {
    current: page,
    pageSize: size,
    total: list.data?.total ?? 0,
    showTotal: (total: number) => t('resource.total', { total }),
  };

  return (
    <div className="gx-resource-list" data-testid={`resource-list-${decl.key}`} ref={boxRef}>
      {!mobile && filterBar}
      <div className="gx-resource-toolbar">
        <Space wrap>
          {mobile && filterBar}
          {actions.toolbar.map(toolbarButton)}
          {!mobile && actions.bulk.map((a) => (
            <Button
              key={a.method}
              danger={a.danger}
              disabled={selectedRows.length === 0}
              onClick={() => ask(a, selectedRows)}
              data-testid={`bulk-action-${a.method}`}
            >
              {pick(a.label, lang)}
            </Button>
          ))}
        </Space>
        <Space>
          {selected.length > 0 && <Typography.Text type="secondary">{t('resource.selected', { count: selected.length })}</Typography.Text>}
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('resource.refresh')} title={t('resource.refresh')} data-testid="toolbar-refresh" />
          {!mobile && <ColumnSettings decl={decl} prefs={prefs} shown={shown} onChange={setPrefs} />}
        </Space>
      </div>
      {!canList ? (
        <Empty description={t('resource.noListPermission')} data-testid="resource-no-list" />
      ) : mobile ? (
        <CardList
          decl={decl}
          rows={rows}
          cells={cells}
          lang={lang}
          loading={treeMode ? tree.isFetching : list.isFetching}
          actions={(row) => rowActions(row, 0)}
          pagination={treeMode ? false : { ...pagination, onChange: (p, s) => setState(pagerChange(p, s)) }}
        />
      ) : (
        <Table<Row>
          rowKey="id"
          size={prefs.density}
          tableLayout="fixed"
          columns={columns}
          dataSource={rows}
          loading={treeMode ? tree.isFetching : list.isFetching}
          scroll={scrolls ? { x: layout.total + actionsWidth + (actions.bulk.length ? SELECTION_WIDTH : 0) } : undefined}
          onChange={onTableChange}
          rowSelection={actions.bulk.length ? {
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            checkStrictly: true,
            // A row no bulk action may touch (the signed-in administrator) cannot be selected.
            getCheckboxProps: (row) => ({ disabled: !bulkAllowed(row), 'aria-label': t('resource.selectRow', { name: nameOf(row) }) }),
          } : undefined}
          pagination={treeMode ? false : { ...pagination, showSizeChanger: true, pageSizeOptions: PAGE_SIZES }}
          data-testid="resource-table"
        />
      )}
      <Modal
        open={confirming !== null}
        title={confirming?.text}
        onCancel={() => setConfirming(null)}
        onOk={() => {
          if (confirming) run(confirming.action, confirming.rows, Boolean(confirming.inUse));
          setConfirming(null);
        }}
        okText={confirming ? pick(confirming.action.label, lang) : t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: confirming?.action.danger, 'data-testid': 'confirm-ok' } as ButtonProps}
        width={420}
        data-testid="confirm-dialog"
      >
        {confirming?.inUse?.map((text) => <Typography.Paragraph key={text} data-testid="in-use">{text}</Typography.Paragraph>)}
        {confirming?.action.kind === 'remove' ? t('resource.cannotUndo') : null}
      </Modal>
      <BatchReport outcome={outcome} onClose={() => setOutcome(null)} />
      <Suspense fallback={null}>
        {formUsed && (
          <ResourceForm
            decl={decl}
            parts={parts}
            editing={editing}
            fixed={fixed}
            onClose={() => setEditing(null)}
            onSaved={(row) => {
              const mode = editing?.mode ?? 'add';
              setEditing(null);
              refresh();
              parts.afterSave?.(row, mode);
            }}
          />
        )}
        {detailUsed && <DetailDrawer decl={decl} parts={parts} id={detailId} onClose={() => setDetailId(null)} />}
        {actionUsed && (
          <ActionForm
            decl={decl}
            target={actionTarget}
            onClose={() => setActionTarget(null)}
            onDone={(answer) => {
              const method = actionTarget?.action.method;
              setActionTarget(null);
              refresh();
              if (method) parts.afterAction?.(method, answer);
            }}
            onBatchDone={(result) => {
              const target = actionTarget;
              setActionTarget(null);
              if (target) reportBatch(target.action, target.ids.map((id) => rowById.get(id)).filter((r): r is Row => r !== undefined), result);
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
