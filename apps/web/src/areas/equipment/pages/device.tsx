import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceResource, transferLinkUrl } from '@gx/contract';
import { Can } from '../../../components/Can';
import { LinkShareDialog } from '../../../components/LinkShareDialog';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { DeviceCommandsTab, DeviceEventsTab } from '../widgets/DeviceTabs';
import { SecretDialog } from '../widgets/SecretDialog';
import { SendCommandDialog } from '../widgets/SendCommandDialog';
import { ClaimDialog } from '../widgets/ClaimDialog';
import { configVariablesWidget } from '../widgets/ConfigVariablesEditor';

/**
 * The organisation's devices (DESIGN §6): presence updates live through the console's stream; a new device's
 * secret, and a reset one, is shown once; commands go to one device (its details) or to many (the toolbar); a unit
 * from the warehouse is claimed here (serial + authorization number) and listed once the platform agrees; an offered
 * transfer's receiving link is shown once, with its QR code.
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<{ serial: string; secret: string } | null>(null);
  const [bulk, setBulk] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const parts = useMemo<ResourceParts>(() => ({
    tabs: { deviceCommands: DeviceCommandsTab, deviceEvents: DeviceEventsTab },
    widgets: { configVariables: configVariablesWidget },
    afterSave: (row, mode) => {
      if (mode === 'add' && typeof row.secret === 'string') setShown({ serial: String(row.serial), secret: row.secret });
    },
    afterAction: (method, answer) => {
      const a = answer as { serial?: unknown; secret?: unknown; link_token?: unknown } | null;
      if (method === 'reset_secret' && a && typeof a.secret === 'string') setShown({ serial: String(a.serial), secret: a.secret });
      if (method === 'transfer' && a && typeof a.link_token === 'string') setLink(transferLinkUrl(location.origin, a.link_token));
    },
    header: (
      <Space wrap style={{ marginBottom: 12 }}>
        <Can perm="device.binding.claim">
          <Button type="primary" onClick={() => setClaiming(true)} data-testid="device-claim">
            {t('device.claim.button')}
          </Button>
        </Can>
        <Can perm="device.command.send">
          <Button onClick={() => setBulk(true)} data-testid="device-bulk-command">
            {t('device.send.button')}
          </Button>
        </Can>
      </Space>
    ),
  }), [t]);
  return (
    <>
      <ResourcePage decl={deviceResource} parts={parts} />
      <SecretDialog serial={shown?.serial ?? ''} secret={shown?.secret ?? null} onClose={() => setShown(null)} />
      <SendCommandDialog open={bulk} onClose={() => setBulk(false)} />
      <ClaimDialog open={claiming} onClose={() => setClaiming(false)} />
      <LinkShareDialog url={link} title={t('device.receiveLink.title')} hint={t('device.receiveLink.hint')} onClose={() => setLink(null)} testId="transfer-link" />
    </>
  );
}
