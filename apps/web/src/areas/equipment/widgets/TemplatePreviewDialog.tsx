import { useState } from 'react';
import { Alert, Button, Form, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VARIABLE_SOURCE_LABELS, type ResolvedVariable, type ResourceDecl, type TemplatePreview } from '@gx/contract';
import { requestData } from '../../../api/request';
import { RefSelect } from '../../../resources/RefSelect';
import { useLang } from '../../../resources/useLang';

interface Props {
  decl: ResourceDecl;
  open: boolean;
  onClose: () => void;
}

/**
 * What a template would send to one device: pick the template and the device, see the resolved configuration and
 * where each variable's value came from (device, organisation, template default), or why it cannot be resolved.
 */
export function TemplatePreviewDialog({ decl, open, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<TemplatePreview | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (templateId === null || deviceId === null) return;
    setBusy(true);
    try {
      setAnswer(await requestData<TemplatePreview>(decl.path, { method: 'preview', id: templateId, device_id: deviceId }, { quietSuccess: true }));
    } catch {
      // The request wrapper has said why (a device of another family, a row gone).
      setAnswer(null);
    } finally {
      setBusy(false);
    }
  };
  const pick = (set: (v: number | null) => void) => (v: unknown) => {
    set(typeof v === 'number' ? v : null);
    setAnswer(null);
  };

  return (
    <Modal open={open} title={t('template.preview.title')} onCancel={onClose} footer={null} width={760} destroyOnHidden wrapProps={{ 'data-testid': 'template-preview' }}>
      <Form layout="vertical">
        <Form.Item label={t('template.preview.template')} htmlFor="template-preview-template">
          <div data-testid="template-preview-template">
            <RefSelect id="template-preview-template" resource={decl.key} value={templateId ?? undefined} onChange={pick(setTemplateId)} />
          </div>
        </Form.Item>
        <Form.Item label={t('template.preview.device')} htmlFor="template-preview-device">
          <div data-testid="template-preview-device">
            <RefSelect id="template-preview-device" resource="device.binding" value={deviceId ?? undefined} onChange={pick(setDeviceId)} />
          </div>
        </Form.Item>
        <Button type="primary" loading={busy} disabled={templateId === null || deviceId === null} onClick={() => void run()} data-testid="template-preview-run">
          {t('template.preview.run')}
        </Button>
      </Form>
      {answer && (
        <div style={{ marginTop: 16 }} data-testid="template-preview-answer">
          {answer.error && <Alert type="error" showIcon title={answer.error.msg} style={{ marginBottom: 12 }} data-testid="template-preview-error" />}
          <Typography.Title level={5}>{t('template.preview.variables')}</Typography.Title>
          <Table<ResolvedVariable>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={answer.variables}
            locale={{ emptyText: t('template.preview.noVariables') }}
            columns={[
              { title: t('template.variables.name'), dataIndex: 'name', width: 160 },
              { title: t('template.variables.value'), dataIndex: 'value', ellipsis: true },
              {
                title: t('template.preview.source'), dataIndex: 'source', width: 140,
                render: (s: ResolvedVariable['source'], r) => <Tag color={VARIABLE_SOURCE_LABELS[s].color} data-testid={`template-preview-source-${r.name}`}>{VARIABLE_SOURCE_LABELS[s][lang]}</Tag>,
              },
            ]}
          />
          {answer.config && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>{t('template.preview.config')}</Typography.Title>
              <pre style={{ maxHeight: 320, overflow: 'auto', margin: 0 }} data-testid="template-preview-config">{JSON.stringify(answer.config, null, 2)}</pre>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
