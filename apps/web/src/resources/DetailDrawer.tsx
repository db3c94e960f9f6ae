import { useMemo } from 'react';
import { Descriptions, Drawer, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { readableFields, type FieldDecl, type ResourceDecl, type SectionDecl } from '@gx/contract';
import { resourceClient, type Row } from '../api/resource';
import { useAppStore } from '../store/app';
import { SafeHtml } from '../components/SafeHtml';
import { DefaultCell } from './cells/DefaultCell';
import { genericCells } from './cells/registry';
import type { CellRenderer, FieldGroupView, ResourceParts } from './types';
import { pick, useLang } from './useLang';

interface Props {
  decl: ResourceDecl;
  parts: ResourceParts;
  id: number | null;
  onClose: () => void;
}

/** A field's value as its list column shows it: the column's renderer when it names one (an action as "Users · Add"). */
function cellOf(decl: ResourceDecl, name: string, cells: Record<string, CellRenderer>): CellRenderer {
  const render = decl.list?.columns.find((c) => c.field === name)?.render;
  return (render ? cells[render] : undefined) ?? DefaultCell;
}

function Section({ decl, section, row, groups, cells }: { decl: ResourceDecl; section: SectionDecl<string>; row: Row; groups: readonly FieldGroupView[]; cells: Record<string, CellRenderer> }) {
  const lang = useLang();
  const grouped = groups.filter((g) => g.fields.every((f) => section.fields.includes(f)));
  const inGroup = new Set(grouped.flatMap((g) => g.fields));
  const items = section.fields
    .filter((name) => !inGroup.has(name) && decl.fields[name] && !decl.fields[name]?.writeOnly)
    .map((name) => {
      const f = decl.fields[name] as FieldDecl;
      const Cell = cellOf(decl, name, cells);
      // A JSON field shows as JSON unless its column names a renderer that reads it (a command's result).
      const custom = Cell !== DefaultCell;
      return {
        key: name,
        label: pick(f.label, lang),
        span: f.type === 'json' || f.type === 'refMany' || f.type === 'richtext' ? ('filled' as const) : undefined,
        children:
          // Rich text reads as the readers see it, cleaned again in the browser.
          f.type === 'richtext' && !custom ? (
            <div data-testid={`detail-${name}`}>
              <SafeHtml html={typeof row[name] === 'string' ? row[name] : ''} className="gx-rich-text-view" />
            </div>
          ) : f.type === 'json' && !custom ? (
            <pre className="gx-json">{JSON.stringify(row[name] ?? null, null, 2)}</pre>
          ) : (
            <Cell value={row[name]} row={row} field={name} decl={f} lang={lang} />
          ),
      };
    });
  return (
    <div className="gx-detail-section">
      {section.title && <h4 className="gx-form-section-title">{pick(section.title, lang)}</h4>}
      {items.length > 0 && <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} styles={{ label: { whiteSpace: 'nowrap' } }} />}
      {grouped.map((g) => (
        <g.View key={g.fields.join()} row={row} />
      ))}
    </div>
  );
}

/**
 * A row's details: the declared sections (every readable field when none are declared), then the custom tabs the
 * declaration names (organisation members…), each from the page's parts.
 */
export function DetailDrawer({ decl, parts, id, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const detail = useQuery({
    queryKey: [decl.key, 'detail', id],
    queryFn: () => resourceClient(decl.path).detail(id as number),
    enabled: id !== null,
    staleTime: 0,
  });
  const row = detail.data;
  const cells = useMemo(() => ({ ...genericCells, ...parts.cells }), [parts.cells]);
  const sections: readonly SectionDecl<string>[] = decl.detail?.sections ?? [{ fields: readableFields(decl) }];
  const body = row ? (
    <>
      {sections.map((s, i) => (
        <Section key={i} decl={decl} section={s} row={row} groups={parts.fieldGroups ?? []} cells={cells} />
      ))}
    </>
  ) : (
    <Spin />
  );
  const tabs = (decl.detail?.tabs ?? []).filter((tab) => parts.tabs?.[tab.key]);

  return (
    <Drawer open={id !== null} onClose={onClose} title={`${pick(decl.title, lang)} · ${t('resource.detail')}`} size={mobile ? '100%' : 760} destroyOnHidden data-testid="resource-detail">
      {row && tabs.length > 0 ? (
        <Tabs
          items={[
            { key: 'base', label: t('resource.basicInfo'), children: body },
            ...tabs.map((tab) => {
              const Tab = parts.tabs?.[tab.key];
              return { key: tab.key, label: pick(tab.title, lang), children: Tab ? <Tab row={row} resource={decl} /> : null };
            }),
          ]}
        />
      ) : (
        body
      )}
    </Drawer>
  );
}
