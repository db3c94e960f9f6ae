import { useMemo, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceWarehouseResource } from '@gx/contract';
import { Can } from '../../../components/Can';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { ProvisioningDialog } from '../widgets/ProvisioningDialog';
import { WarehouseUnitTab } from '../widgets/WarehouseUnitTab';

/**
 * The warehouse: units imported from the factory's file (all rows or none), a unit's provisioning in its details,
 * and the provisioning CSV of a whole batch.
 */
export default function WarehousePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const parts = useMemo<ResourceParts>(() => ({
    tabs: { warehouseUnit: WarehouseUnitTab },
    header: (
      <Can perm="device.warehouse.provisioning">
        <Button onClick={() => setOpen(true)} style={{ marginBottom: 12 }} data-testid="warehouse-provisioning">
          {t('device.provisioning.button')}
        </Button>
      </Can>
    ),
  }), [t]);
  return (
    <>
      <ResourcePage decl={deviceWarehouseResource} parts={parts} />
      <ProvisioningDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
