import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pluginVersionResource } from '@gx/contract';
import { toast } from '../../../api/feedback';
import { Can } from '../../../components/Can';
import { ResourceList } from '../../../resources/ResourceList';
import type { ResourceParts, TabProps } from '../../../resources/types';
import { UploadPluginDialog } from './UploadPluginDialog';

/**
 * `pluginVersions` tab of a plugin: its versions through the generic list (fixed to this plugin), an upload button,
 * and each version's *Push* (install or remove on chosen devices; the plugin log follows each device's command).
 */
export function PluginVersions({ row }: TabProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const parts = useMemo<ResourceParts>(() => ({
    afterAction: (method, answer) => {
      const pushed = (answer as { pushed?: number } | null)?.pushed;
      if (method === 'push' && typeof pushed === 'number') toast('success', t('business.plugin.pushed', { count: pushed }));
    },
  }), [t]);
  return (
    <div data-testid="plugin-versions">
      <Space wrap style={{ marginBottom: 12 }}>
        <Can perm="business.plugin_version.upload">
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="plugin-upload">
            {t('business.plugin.upload')}
          </Button>
        </Can>
      </Space>
      <ResourceList decl={pluginVersionResource} fixed={{ plugin_id: row.id }} parts={parts} />
      <UploadPluginDialog pluginId={row.id as number} open={uploading} onClose={() => setUploading(false)} />
    </div>
  );
}
