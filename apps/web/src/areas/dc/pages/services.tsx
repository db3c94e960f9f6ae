import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dcServiceResource, type ServiceSecretAnswer } from '@gx/contract';
import { ResourcePage } from '../../../resources/ResourcePage';
import type { ResourceParts } from '../../../resources/types';
import { serviceScopesWidget } from '../widgets/ScopesField';

/**
 * My services: register, edit while in audit, resubmit a rejected one; an approved one's secret is issued or reset
 * here and shown this once (the server keeps only its hash).
 */
export default function ServicesPage() {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<ServiceSecretAnswer | null>(null);
  const parts: ResourceParts = {
    widgets: { serviceScopes: serviceScopesWidget },
    afterAction: (method, answer) => {
      const a = answer as Partial<ServiceSecretAnswer> | undefined;
      if (method === 'reset_secret' && a?.app_secret && a.app_key) setSecret({ app_key: a.app_key, app_secret: a.app_secret });
    },
  };
  return (
    <>
      <ResourcePage decl={dcServiceResource} parts={parts} />
      <Modal
        open={secret !== null}
        title={t('dc.secret.title')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={<Button type="primary" onClick={() => setSecret(null)} data-testid="service-secret-close">{t('dc.secret.close')}</Button>}
        data-testid="service-secret"
      >
        {secret && (
          <>
            <Alert type="warning" showIcon message={t('dc.secret.once')} style={{ marginBottom: 12 }} />
            <Descriptions bordered size="small" column={1} items={[
              { key: 'key', label: t('dc.secret.appKey'), children: <Typography.Text copyable code>{secret.app_key}</Typography.Text> },
              {
                key: 'secret', label: t('dc.secret.appSecret'),
                children: <Typography.Text copyable code data-testid="service-secret-value">{secret.app_secret}</Typography.Text>,
              },
            ]} />
          </>
        )}
      </Modal>
    </>
  );
}
