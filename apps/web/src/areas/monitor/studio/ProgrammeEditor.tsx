import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, InputNumber, List, Popconfirm, Row, Select, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BOUND_FIELDS, PROGRAMME_PATH, STUDIO_KEYS,
  type BoundValues, type ProgrammeRow, type ScreenStatus, type TemplateRow,
} from '@gx/contract';
import { requestData } from '../../../api/request';
import { toast } from '../../../api/feedback';
import { useCan } from '../../../components/Can';

interface Overview { templates: TemplateRow[]; programmes: ProgrammeRow[]; screens: ScreenStatus[] }
interface Draft { id?: number; name: string; items: { template_id: number | null; seconds: number }[]; start: string; end: string }

const QUERY = ['screen-programmes'];
/** Screens report what they play in telemetry; the page asks again this often while it is open. */
const REFRESH_MS = 3000;
const emptyDraft = (): Draft => ({ name: '', items: [{ template_id: null, seconds: 15 }], start: '00:00', end: '00:00' });

/** `/sifamodel/sifa`: a playlist of templates with a daily window, published to chosen screens as `play`. */
export function ProgrammeEditor() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: QUERY,
    queryFn: () => requestData<Overview>(PROGRAMME_PATH, { method: 'overview' }, { loading: false, silent: true }),
    refetchInterval: REFRESH_MS,
  });
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [chosen, setChosen] = useState<number[]>([]);
  const [fields, setFields] = useState<Record<number, BoundValues>>({});
  const [busy, setBusy] = useState(false);
  const screens = overview.data?.screens;
  useEffect(() => {
    // Start each screen's bound fields from what it was last sent.
    if (screens) setFields((f) => Object.fromEntries(screens.map((s) => [s.id, f[s.id] ?? s.fields])));
  }, [screens]);

  const open = (p: ProgrammeRow) => setDraft({ id: p.id, name: p.name, items: p.items.map((i) => ({ template_id: i.template_id, seconds: i.seconds })), start: p.start, end: p.end });
  const setItem = (i: number, patch: Partial<Draft['items'][number]>) => setDraft((d) => ({ ...d, items: d.items.map((it, j) => (j === i ? { ...it, ...patch } : it)) }));

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
      await queryClient.invalidateQueries({ queryKey: QUERY });
    } catch {
      // The request wrapper has shown why.
    } finally {
      setBusy(false);
    }
  };
  const save = () => run(async () => {
    const a = await requestData<{ id: number }>(PROGRAMME_PATH, {
      method: 'save', ...(draft.id ? { id: draft.id } : {}), name: draft.name, start: draft.start, end: draft.end,
      items: draft.items.map((i) => ({ template_id: i.template_id ?? 0, seconds: i.seconds })),
    });
    setDraft((d) => ({ ...d, id: a.id }));
  });
  // Refused while screens show it; the refusal names them (the request wrapper shows it).
  const remove = () => run(async () => {
    await requestData(PROGRAMME_PATH, { method: 'remove', id: draft.id });
    setDraft(emptyDraft());
  });
  const publish = () => run(async () => {
    const a = await requestData<{ sent: number }>(PROGRAMME_PATH, {
      method: 'publish', id: draft.id, screens: chosen.map((id) => ({ device_id: id, fields: clean(fields[id] ?? {}) })),
    }, { quietSuccess: true });
    toast('success', t('studio.published', { count: a.sent }));
  });

  const status = (s: ScreenStatus) => {
    if (!s.online) return <Tag>{t('studio.offline')}</Tag>;
    if (s.playing && s.playing_programme_id === s.programme_id) return <Tag color="green" data-testid={`playing-${s.id}`}>{t('studio.playing')}</Tag>;
    if (s.playing) return <Tag color="blue">{t('studio.playingOther')}</Tag>;
    return <Tag>{t('studio.idle')}</Tag>;
  };
  const programmeName = (id: number | null) => overview.data?.programmes.find((p) => p.id === id)?.name ?? '';

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title={t('studio.programmes')} extra={can(STUDIO_KEYS.programmeSave) && <Button size="small" icon={<PlusOutlined />} data-testid="programme-new" onClick={() => setDraft(emptyDraft())}>{t('studio.newProgramme')}</Button>}>
          <List
            dataSource={overview.data?.programmes ?? []} locale={{ emptyText: <Typography.Text type="secondary">{t('studio.selectProgramme')}</Typography.Text> }}
            renderItem={(p) => (
              <List.Item onClick={() => open(p)} style={{ cursor: 'pointer', fontWeight: p.id === draft.id ? 600 : undefined }} data-testid={`programme-${p.id}`}>
                {p.name} <Typography.Text type="secondary">{p.start}–{p.end}</Typography.Text>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card title={draft.id ? `${t('studio.programme')} #${draft.id}` : t('studio.newProgramme')} data-testid="programme-editor">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input addonBefore={t('studio.name')} aria-label={t('studio.name')} data-testid="programme-name" value={draft.name} maxLength={60} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            <Typography.Text strong>{t('studio.items')}</Typography.Text>
            {draft.items.map((it, i) => (
              <Space key={i} wrap>
                <Select
                  data-testid={`programme-item-${i}`} aria-label={t('studio.template')} style={{ width: 280 }} placeholder={t('studio.template')} value={it.template_id ?? undefined}
                  options={(overview.data?.templates ?? []).map((tp) => ({ value: tp.id, label: `${tp.name} (v${tp.version})` }))}
                  onChange={(v: number) => setItem(i, { template_id: v })}
                />
                <InputNumber addonBefore={t('studio.seconds')} aria-label={t('studio.seconds')} min={1} max={86_400} value={it.seconds} onChange={(v) => v !== null && setItem(i, { seconds: v })} />
                <Button aria-label={t('studio.remove')} icon={<DeleteOutlined />} disabled={draft.items.length === 1}
                  onClick={() => setDraft({ ...draft, items: draft.items.filter((_, j) => j !== i) })} />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} data-testid="programme-add-item" onClick={() => setDraft({ ...draft, items: [...draft.items, { template_id: null, seconds: 15 }] })}>{t('studio.addItem')}</Button>
            <Space wrap>
              <Input addonBefore={t('studio.start')} aria-label={t('studio.start')} data-testid="programme-start" value={draft.start} maxLength={5} style={{ width: 200 }} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
              <Input addonBefore={t('studio.end')} aria-label={t('studio.end')} data-testid="programme-end" value={draft.end} maxLength={5} style={{ width: 200 }} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
              <Typography.Text type="secondary">{t('studio.allDay')}</Typography.Text>
            </Space>
            <Space>
              {can(STUDIO_KEYS.programmeSave) && <Button type="primary" data-testid="programme-save" loading={busy} onClick={() => void save()}>{t('studio.save')}</Button>}
              {can(STUDIO_KEYS.programmeRemove) && draft.id !== undefined && (
                <Popconfirm
                  title={t('studio.removeConfirm', { name: draft.name })}
                  okButtonProps={{ danger: true, 'data-testid': 'programme-remove-ok' } as ButtonProps}
                  onConfirm={() => void remove()}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid="programme-remove" loading={busy}>{t('studio.remove')}</Button>
                </Popconfirm>
              )}
            </Space>
          </Space>
        </Card>
        <Card title={t('studio.screens')} style={{ marginTop: 16 }} extra={can(STUDIO_KEYS.programmePublish) && (
          <Button type="primary" icon={<SendOutlined />} data-testid="programme-publish" disabled={!draft.id || chosen.length === 0} loading={busy} onClick={() => void publish()}>
            {t('studio.publish')}
          </Button>
        )}>
          {screens && screens.length === 0 ? <Empty description={t('studio.noScreens')} /> : (
            <>
              <Typography.Paragraph type="secondary">{t('studio.chooseScreens')}</Typography.Paragraph>
              <Table<ScreenStatus>
                // Wider than its card on a laptop: it scrolls sideways rather than breaking a serial over two lines.
                rowKey="id" size="small" pagination={false} dataSource={screens ?? []} loading={overview.isLoading} scroll={{ x: 'max-content' }}
                rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)), getCheckboxProps: (s) => ({ 'data-testid': `screen-pick-${s.serial}` } as object) }}
                columns={[
                  {
                    title: t('studio.screens'), key: 'serial', onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                    render: (_: unknown, s) => <>{s.name || s.serial}<br /><Typography.Text type="secondary">{s.serial}</Typography.Text></>,
                  },
                  ...BOUND_FIELDS.map((f) => ({
                    title: t(`studio.${f}`), key: f,
                    render: (_: unknown, s: ScreenStatus) => (
                      <Input size="small" style={{ width: 160 }} data-testid={`screen-${f}-${s.serial}`} value={fields[s.id]?.[f] ?? ''} maxLength={f === 'guest' ? 60 : 40}
                        onChange={(e) => setFields({ ...fields, [s.id]: { ...fields[s.id], [f]: e.target.value } })} />
                    ),
                  })),
                  { title: t('studio.sent'), key: 'programme', render: (_: unknown, s) => programmeName(s.programme_id) },
                  { title: t('studio.status'), key: 'status', render: (_: unknown, s) => <span data-testid={`screen-status-${s.serial}`}>{status(s)}</span> },
                  {
                    title: t('studio.render'), key: 'render',
                    render: (_: unknown, s) => s.render_path && <Typography.Link href={s.render_path} target="_blank" rel="noreferrer">{t('studio.render')}</Typography.Link>,
                  },
                ]}
              />
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}

/** Unfilled fields are left out rather than sent empty. */
function clean(v: BoundValues): BoundValues {
  return Object.fromEntries(Object.entries(v).filter(([, s]) => typeof s === 'string' && s.trim() !== '')) as BoundValues;
}
