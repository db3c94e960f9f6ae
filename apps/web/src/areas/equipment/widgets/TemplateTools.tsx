import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl } from '@gx/contract';
import { Can } from '../../../components/Can';
import { OrgVariablesDialog } from './OrgVariablesDialog';
import { TemplatePreviewDialog } from './TemplatePreviewDialog';

/** Above a template list: the resolved-configuration preview and the organisation's configuration variables. */
export function TemplateTools({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'preview' | 'variables' | null>(null);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Can perm={`${decl.key}.list`}>
          <Button onClick={() => setOpen('preview')} data-testid="template-preview-open">{t('template.preview.button')}</Button>
        </Can>
        <Can perm={`${decl.key}.update`}>
          <Button onClick={() => setOpen('variables')} data-testid="org-variables-open">{t('template.orgVariables.button')}</Button>
        </Can>
      </Space>
      <TemplatePreviewDialog decl={decl} open={open === 'preview'} onClose={() => setOpen(null)} />
      <OrgVariablesDialog decl={decl} open={open === 'variables'} onClose={() => setOpen(null)} />
    </>
  );
}
