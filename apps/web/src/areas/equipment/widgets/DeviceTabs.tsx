import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceCommandResource, deviceEventResource } from '@gx/contract';
import { Can } from '../../../components/Can';
import { ResourceList } from '../../../resources/ResourceList';
import type { TabProps } from '../../../resources/types';
import { SendCommandDialog } from './SendCommandDialog';
import { CommandResultCell } from './CommandResultCell';

/** Results read as a person would (diagnosis summaries, per-hop tables), in the list and in a command's details. */
const commandParts = { cells: { commandResult: CommandResultCell } };

/** A device's commands with their live states, and a button to send it another. */
export function DeviceCommandsTab({ row }: TabProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="device-commands">
      <Can perm="device.command.send">
        <Button type="primary" onClick={() => setOpen(true)} style={{ marginBottom: 12 }} data-testid="device-send-command">
          {t('device.send.thisDevice')}
        </Button>
      </Can>
      <ResourceList decl={deviceCommandResource} parts={commandParts} fixed={{ device_id: row.id }} />
      <SendCommandDialog open={open} deviceId={row.id} onClose={() => setOpen(false)} />
    </div>
  );
}

/** A device's event log, newest first; new events arrive live. */
export function DeviceEventsTab({ row }: TabProps) {
  return (
    <div data-testid="device-events">
      <ResourceList decl={deviceEventResource} fixed={{ device_id: row.id }} />
    </div>
  );
}
