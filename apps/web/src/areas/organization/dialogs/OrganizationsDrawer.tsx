import { useState } from 'react';
import { Button, Drawer, Empty, List, Space, Tag, Typography } from 'antd';
import { CopyOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/feedback';
import { changeOrganization } from '../../profile/api/profile';
import { useMyOrganizations } from '../../../api/queries';
import { useAppStore } from '../../../store/app';
import { useDialogs } from '../../../store/dialogs';
import type { DialogBaseProps } from '../../../components/dialog/types';
import '../organization.css';

async function copy(text: string, ok: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', ok);
  } catch {
    toast('error', failed);
  }
}

/**
 * The organisation drawer (SPEC §2 Navbar): the user's organisations, switching between them (code 200 reloads the
 * console, SPEC §4), and the ways to create one or join one by invitation code. Owners see their invitation code.
 */
export default function OrganizationsDrawer({ open, onClose }: DialogBaseProps) {
  const { t } = useTranslation();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const openDialog = useDialogs((s) => s.open);
  const orgs = useMyOrganizations();
  const [switching, setSwitching] = useState<number | null>(null);

  const switchTo = async (id: number) => {
    setSwitching(id);
    try {
      await changeOrganization(id);
      location.reload();
    } catch {
      setSwitching(null);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('organization.drawerTitle')}
      placement="right"
      size={mobile ? '100%' : 380}
      data-testid="organization-drawer"
      footer={
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={() => openDialog('createOrganization')} data-testid="organization-create">
            {t('organization.create')}
          </Button>
          <Button icon={<UsergroupAddOutlined />} onClick={() => openDialog('joinOrganization')} data-testid="organization-join">
            {t('organization.join')}
          </Button>
        </Space>
      }
    >
      {orgs.data && orgs.data.length === 0 ? (
        <Empty description={t('organization.none')} />
      ) : (
        <List
          loading={orgs.isLoading}
          dataSource={orgs.data ?? []}
          rowKey="id"
          renderItem={(o) => (
            <List.Item
              data-testid="organization-item"
              data-id={o.id}
              actions={[
                o.current ? (
                  <Tag key="current" color="processing">
                    {t('organization.current')}
                  </Tag>
                ) : (
                  <Button key="switch" size="small" type="link" loading={switching === o.id} disabled={switching !== null} onClick={() => void switchTo(o.id)} data-testid="organization-switch">
                    {t('organization.switch')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={o.name}
                description={
                  o.invite_code ? (
                    <Space size={4} wrap>
                      <span>{t('organization.inviteCode')}</span>
                      <Typography.Text code className="gx-invite-code" data-testid="organization-invite-code">
                        {o.invite_code}
                      </Typography.Text>
                      <Button
                        size="small"
                        type="text"
                        icon={<CopyOutlined />}
                        aria-label={t('organization.copy')}
                        onClick={() => void copy(o.invite_code ?? '', t('organization.copySuccess'), t('organization.copyFailed'))}
                      />
                    </Space>
                  ) : null
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
