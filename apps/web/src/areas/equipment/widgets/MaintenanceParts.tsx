import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { maintenancePartResource, maintenanceResource } from '@gx/contract';
import { resourceClient } from '../../../api/resource';
import { ResourceList } from '../../../resources/ResourceList';
import { formatCents } from '../../../resources/cells/moneyCells';
import { pick, useLang } from '../../../resources/useLang';
import type { ResourceParts, TabProps } from '../../../resources/types';
import { centsWidget } from '../../marketing/widgets/CentsInput';

const parts: ResourceParts = { widgets: { cents: centsWidget } };

/**
 * `maintenanceParts` tab: the record's parts through the generic list (fixed to this record), then its labour and
 * the cost the server computed. The record's query sits under the parts' key, so every part change refreshes it;
 * the maintenance list is refreshed then too, as its cost changed.
 */
export function MaintenanceParts({ row }: TabProps) {
  const lang = useLang();
  const client = useQueryClient();
  const record = useQuery({
    queryKey: [maintenancePartResource.key, 'record', row.id],
    queryFn: () => resourceClient(maintenanceResource.path).detail(row.id),
    staleTime: 0,
  });
  const cost = record.data?.cost;
  useEffect(() => {
    if (cost !== undefined) void client.invalidateQueries({ queryKey: [maintenanceResource.key] });
  }, [cost, client]);
  const money = (v: unknown) => (typeof v === 'number' ? formatCents(v, lang) : '-');

  return (
    <div data-testid="maintenance-parts">
      <ResourceList decl={maintenancePartResource} fixed={{ maintenance_id: row.id }} parts={parts} />
      {record.data ? (
        <Descriptions size="small" column={2} bordered data-testid="maintenance-cost">
          <Descriptions.Item label={pick(maintenanceResource.fields.labour_cents.label, lang)}>{money(record.data.labour_cents)}</Descriptions.Item>
          <Descriptions.Item label={pick(maintenanceResource.fields.cost.label, lang)}>
            <strong data-testid="maintenance-total">{money(record.data.cost)}</strong>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </div>
  );
}
