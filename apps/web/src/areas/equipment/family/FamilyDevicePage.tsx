import { useMemo } from 'react';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAMILY_DEVICE_RESOURCES, FAMILY_PAGES, type FamilyPageKey } from '@gx/contract';
import type { Row } from '../../../api/resource';
import { DefaultCell } from '../../../resources/cells/DefaultCell';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { CellProps, ResourceParts } from '../../../resources/types';
import { pick, useLang } from '../../../resources/useLang';
import { DeviceCommandsTab, DeviceEventsTab } from '../widgets/DeviceTabs';
import { familyMetricText, uptimeText } from './format';
import { FamilyViewTab } from './FamilyViewTab';
import { TelemetryTab } from './TelemetryTab';

const STATUS_FIELDS = ['online', 'uptime', 'fw', 'ip', 'last_seen_at'] as const;

/** The detail's status header: online, uptime, firmware, IP and last seen, at a glance. */
function statusHeader(page: FamilyPageKey) {
  const decl = FAMILY_DEVICE_RESOURCES[page];
  return function StatusHeader({ row }: { row: Row }) {
    const { t } = useTranslation();
    const lang = useLang();
    return (
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, md: 3 }} data-testid="device-status"
        items={STATUS_FIELDS.map((f) => ({
          key: f,
          label: pick(decl.fields[f]!.label, lang),
          children: f === 'uptime' ? uptimeText(row.uptime, t) : <DefaultCell value={row[f]} row={row} field={f} decl={decl.fields[f]!} lang={lang} />,
        }))} />
    );
  };
}

/**
 * One family page of the equipment menu (`FAMILY_PAGES`): the family's devices on the resource engine (filters,
 * export, restart / factory reset per row and in bulk), presence live from the stream, the family's key figures as
 * columns, and a detail with the status header, telemetry charts, the family's own tab, commands and events.
 */
export function FamilyDevicePage({ page }: { page: FamilyPageKey }) {
  const decl = FAMILY_DEVICE_RESOURCES[page];
  const { family } = FAMILY_PAGES[page];
  const parts = useMemo<ResourceParts>(() => {
    function MetricCell({ value, field }: CellProps) {
      const { t } = useTranslation();
      return <span className="gx-metric">{familyMetricText(family, field, value, t)}</span>;
    }
    return {
      cells: { metric: MetricCell },
      fieldGroups: [{ fields: STATUS_FIELDS, View: statusHeader(page) }],
      tabs: { familyTelemetry: TelemetryTab, familyView: FamilyViewTab, deviceCommands: DeviceCommandsTab, deviceEvents: DeviceEventsTab },
    };
  }, [page, family]);
  return <ResourcePage decl={decl} parts={parts} />;
}
