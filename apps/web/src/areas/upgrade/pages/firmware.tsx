import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { firmwareResource } from '@gx/contract';
import { Can } from '../../../components/Can';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { UploadFirmwareDialog } from '../widgets/UploadFirmwareDialog';

/** Firmware packages: uploaded here (the server computes size and SHA-256), edited, enabled or disabled. */
export default function FirmwarePage() {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const parts = useMemo<ResourceParts>(() => ({
    header: (
      <Space wrap style={{ marginBottom: 12 }}>
        <Can perm="upgrade.firmware.upload">
          <Button type="primary" onClick={() => setUploading(true)} data-testid="firmware-upload">
            {t('upgrade.firmware.button')}
          </Button>
        </Can>
      </Space>
    ),
  }), [t]);
  return (
    <>
      <ResourcePage decl={firmwareResource} parts={parts} />
      <UploadFirmwareDialog open={uploading} onClose={() => setUploading(false)} />
    </>
  );
}
