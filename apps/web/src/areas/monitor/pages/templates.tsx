import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Popconfirm, Space, Table, Tag, type ButtonProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRESETS, STUDIO_KEYS, TEMPLATE_PATH, TEMPLATE_PRESETS, type TemplateRow } from '@gx/contract';
import { requestData } from '../../../api/request';
import { useCan } from '../../../components/Can';
import { TEMPLATE_QUERY } from '../studio/TemplateEditor';

/** The organisation's screen templates; each opens in its style's editor (a tp_* route), programmes are one click away. */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const list = useQuery({
    queryKey: [TEMPLATE_QUERY, 'list'],
    queryFn: () => requestData<{ list: TemplateRow[] }>(TEMPLATE_PATH, { method: 'list' }, { loading: false }),
  });
  // Refused while a programme plays it; the refusal names the programmes (the request wrapper shows it).
  const remove = async (id: number) => {
    try {
      await requestData(TEMPLATE_PATH, { method: 'remove', id });
      await queryClient.invalidateQueries({ queryKey: [TEMPLATE_QUERY] });
    } catch {
      // Shown by the request wrapper.
    }
  };
  return (
    <Card
      data-testid="screen-templates"
      title={t('studio.templates')}
      extra={(
        <Space>
          {can(STUDIO_KEYS.programmeView) && <Button data-testid="open-programmes" onClick={() => navigate('/sifamodel/sifa')}>{t('studio.programmes')}</Button>}
          {can(STUDIO_KEYS.templateSave) && (
            <Dropdown menu={{
              items: TEMPLATE_PRESETS.map((p) => ({ key: p, label: `${PRESETS[p].title[lang]} (${PRESETS[p].style})`, 'data-testid': `new-${p}` })),
              onClick: ({ key }) => navigate(`/${PRESETS[key as keyof typeof PRESETS].route}`),
            }}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="new-template">{t('studio.newTemplate')}</Button>
            </Dropdown>
          )}
        </Space>
      )}
    >
      <Table<TemplateRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.list ?? []} pagination={false} locale={{ emptyText: t('studio.empty') }}
        columns={[
          { title: t('studio.name'), dataIndex: 'name' },
          { title: t('studio.style'), dataIndex: 'preset', render: (p: TemplateRow['preset']) => <Tag>{PRESETS[p].title[lang]} · {PRESETS[p].style}</Tag> },
          { title: t('studio.version'), dataIndex: 'version', render: (v: number) => `v${v}` },
          { title: t('studio.updated'), dataIndex: 'updated_at', render: (v: string) => new Date(v).toLocaleString() },
          {
            title: '', key: 'op',
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button type="link" data-testid={`edit-template-${r.id}`} onClick={() => navigate(`/${PRESETS[r.preset].route}?id=${r.id}`)}>{t('studio.edit')}</Button>
                {can(STUDIO_KEYS.templateRemove) && (
                  <Popconfirm
                    title={t('studio.removeConfirm', { name: r.name })}
                    okButtonProps={{ danger: true, 'data-testid': `remove-template-ok-${r.id}` } as ButtonProps}
                    onConfirm={() => void remove(r.id)}
                  >
                    <Button type="link" danger data-testid={`remove-template-${r.id}`}>{t('studio.remove')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
