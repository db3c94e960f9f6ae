import { useState } from 'react';
import { Alert, Button, Popconfirm, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { claimLinkUrl, deviceWarehouseResource } from '@gx/contract';
import { Can } from '../../../components/Can';
import { newAuthorizationNumbers, provisioningCsv } from '../../../api/device';
import { downloadExport } from '../../../resources/exportDownload';
import type { TabProps } from '../../../resources/types';

/**
 * One unit's provisioning: its credentials file (a new secret) and a new authorization number (a label reprinted);
 * both only while the unit is in stock. In stock, its claim label: the QR code an organisation scans to claim it.
 */
export function WarehouseUnitTab({ row }: TabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<string | null>(null);
  const inStock = row.state === 'in_stock';
  const renumber = async () => {
    try {
      const answer = await newAuthorizationNumbers([row.id]);
      setIssued(answer.list[0]?.authorization_number ?? null);
      void queryClient.invalidateQueries({ queryKey: [deviceWarehouseResource.key] });
    } catch {
      // The request wrapper has said why.
    }
  };
  const csv = async () => {
    try {
      downloadExport(await provisioningCsv({ ids: [row.id] }));
    } catch {
      // The request wrapper has said why.
    }
  };
  return (
    <div data-testid="warehouse-unit">
      {!inStock && <Alert type="info" showIcon title={t('device.provisioning.notInStock')} style={{ marginBottom: 12 }} />}
      <Space wrap>
        <Can perm="device.warehouse.provisioning">
          <Popconfirm title={t('device.provisioning.newSecrets')} onConfirm={() => void csv()} disabled={!inStock}>
            <Button disabled={!inStock} data-testid="unit-provisioning">{t('device.provisioning.unit')}</Button>
          </Popconfirm>
        </Can>
        <Can perm="device.warehouse.authorization_number">
          <Popconfirm title={t('device.provisioning.renumberConfirm')} onConfirm={() => void renumber()} disabled={!inStock}>
            <Button disabled={!inStock} data-testid="unit-renumber">{t('device.provisioning.renumber')}</Button>
          </Popconfirm>
        </Can>
      </Space>
      {issued && (
        <Typography.Paragraph style={{ marginTop: 12 }} copyable={{ text: issued }} code data-testid="unit-new-number">
          {issued}
        </Typography.Paragraph>
      )}
      {inStock && (
        <Space direction="vertical" align="center" style={{ marginTop: 16 }} data-testid="unit-claim-label">
          <Typography.Text type="secondary">{t('device.provisioning.label')}</Typography.Text>
          <QRCode value={claimLinkUrl(location.origin, String(row.serial), issued ?? String(row.authorization_number))} size={180} bordered color="#000000" bgColor="#ffffff" />
          <Typography.Text code>{`${String(row.serial)} · ${issued ?? String(row.authorization_number)}`}</Typography.Text>
        </Space>
      )}
    </div>
  );
}
