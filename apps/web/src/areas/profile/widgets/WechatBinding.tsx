import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchWechatBindData, unbindWechat } from '../api/profile';
import { queryKeys } from '../../../api/queries';
import '../profile.css';

/**
 * WeChat bind / replace / unbind (SPEC §2 personal data). Binding leaves for the authorisation page the server names
 * (WeChat's QR page, scope snsapi_login, with the server's appid and single-use state); WeChat then returns to
 * /wxlogin, which completes the binding.
 */
export function WechatBinding({ userId, nickname }: { userId: number; nickname: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const bind = async () => {
    setBusy(true);
    try {
      const data = await fetchWechatBindData(userId);
      location.assign(data.url);
    } catch {
      setBusy(false);
    }
  };
  const unbind = async () => {
    setBusy(true);
    try {
      await unbindWechat(userId);
    } catch {
      // Reported; the profile below shows the server's state either way.
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    }
  };

  return (
    <Space wrap data-testid="wechat-binding">
      <WechatOutlined className="gx-wechat-icon" aria-hidden />
      <span data-testid="wechat-nickname">{nickname ?? t('profile.wechatNone')}</span>
      <Button size="small" loading={busy} onClick={() => void bind()} data-testid="wechat-bind">
        {nickname ? t('profile.wechatReplace') : t('profile.wechatBind')}
      </Button>
      {nickname && (
        <Popconfirm
          title={t('profile.wechatUnbindConfirm', { nickname })}
          onConfirm={() => void unbind()}
        >
          <Button size="small" danger disabled={busy} data-testid="wechat-unbind">
            {t('profile.wechatUnbind')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
