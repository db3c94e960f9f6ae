import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { latestSearchParams } from '../../../router/latestLocation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, InputNumber, Modal, Popconfirm, Segmented, Select, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  COMMAND_STATE_LABELS, DEFAULT_TIME_ZONE, MAX_PAGE_SIZE, SCENE_ACTION_LABELS, SCENE_ACTIONS, SCENE_MAX_ACTIONS, SCENE_MAX_DELAY_S,
  SCENE_TRIGGER_LABELS, SCENE_TRIGGERS, SCENE_VALUE_MAX, SCENE_VALUE_MIN, gatewayPlaceResource, gatewaySceneResource, readWeeklyCron,
  weeklyCron, type CommandState, type SceneAction, type SceneProgramBody, type SceneTrigger,
} from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { requestData } from '../../../api/request';
import { resourceClient, type Row } from '../../../api/resource';
import { useCan } from '../../../components/Can';
import { Panel } from '../../../components/Panel';
import { useLang } from '../../../resources/useLang';
import { moved } from '../../../utils/moved';

const scenes = resourceClient(gatewaySceneResource.path);
const places = resourceClient(gatewayPlaceResource.path);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
type ScheduleMode = 'weekly' | 'cron';

/** The editor's working copy of a scene's programme. */
interface Draft {
  trigger: SceneTrigger;
  mode: ScheduleMode;
  time: string;
  days: number[];
  cron: string;
  timeZone: string;
  eventCode: string;
  actions: SceneAction[];
}

function draftOf(row: Row): Draft {
  const cron = typeof row.cron === 'string' ? row.cron : '';
  const weekly = cron ? readWeeklyCron(cron) : { time: '07:00', days: ALL_DAYS };
  return {
    trigger: (row.trigger as SceneTrigger | undefined) ?? 'manual',
    mode: weekly ? 'weekly' : 'cron',
    time: weekly?.time ?? '07:00',
    days: weekly?.days ?? ALL_DAYS,
    cron,
    timeZone: typeof row.time_zone === 'string' && row.time_zone ? row.time_zone : DEFAULT_TIME_ZONE,
    eventCode: typeof row.event_code === 'string' ? row.event_code : '',
    actions: Array.isArray(row.actions) ? (row.actions as SceneAction[]) : [],
  };
}

function programOf(id: number, d: Draft): SceneProgramBody {
  const schedule = d.trigger === 'schedule';
  return {
    id,
    trigger: d.trigger,
    cron: schedule ? (d.mode === 'weekly' ? weeklyCron(d.time, d.days) : d.cron) : null,
    time_zone: schedule ? d.timeZone : null,
    event_code: d.trigger === 'event' ? d.eventCode : null,
    actions: d.actions,
  };
}

/** A schedule's instant as the scene's own time zone reads it (07:30 in Shanghai is 07:30, wherever the browser is). */
function inZone(iso: string, zone: unknown, lang: string): string {
  const timeZone = typeof zone === 'string' && zone ? zone : undefined;
  const text = new Date(iso).toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return timeZone ? `${text} (${timeZone})` : text;
}

/**
 * Smart-control editing (`/allintelligence/allintelligence`): the organisation's scenes by place on the left; on the
 * right the chosen scene's trigger (by hand, weekly or any cron in a time zone, or a gateway event) and its steps
 * (device behind the gateway, what to do, value, wait), saved whole (`program`) and run on the place's gateway (`run`).
 * The last run's state follows the command's state over the live stream.
 */
export default function SceneEditorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('id')) || null;
  const [placeId, setPlaceId] = useState<number | undefined>(undefined);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const [createForm] = Form.useForm<{ name: string; place_id: number }>();

  const placeList = useQuery({
    queryKey: [gatewayPlaceResource.key, 'list', 'scene-editor'],
    queryFn: () => places.list({ page: 1, size: MAX_PAGE_SIZE, sort: 'id', order: 'asc' }),
  });
  const sceneList = useQuery({
    queryKey: [gatewaySceneResource.key, 'list', 'scene-editor', placeId ?? null],
    queryFn: () => scenes.list({ page: 1, size: MAX_PAGE_SIZE, sort: 'id', order: 'asc', filters: placeId ? { place_id: placeId } : {} }),
  });
  const scene = useQuery({
    queryKey: [gatewaySceneResource.key, 'detail', selectedId],
    queryFn: () => scenes.detail(selectedId!),
    enabled: selectedId !== null,
  });
  // A scene opened or saved replaces the working copy; the live stream's refreshes of the same scene keep edits.
  const loadedKey = scene.data ? `${scene.data.id}:${String(scene.data.updated_at)}` : null;
  useEffect(() => {
    if (scene.data) setDraft(draftOf(scene.data));
    setFieldError(null);
  }, [loadedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const placeOptions = useMemo(() => (placeList.data?.list ?? []).map((p) => ({ value: p.id, label: String(p.name) })), [placeList.data]);
  const placeName = (id: unknown) => placeOptions.find((o) => o.value === id)?.label ?? String(id ?? '');
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z })), []);

  const open = (id: number | null) => setParams(() => {
    const next = latestSearchParams();
    if (id === null) next.delete('id');
    else next.set('id', String(id));
    return next;
  });
  const patch = (changes: Partial<Draft>) => {
    setDraft((d) => (d ? { ...d, ...changes } : d));
    setFieldError(null);
  };
  const patchStep = (i: number, changes: Partial<SceneAction>) => {
    if (!draft) return;
    patch({ actions: draft.actions.map((a, j) => (j === i ? { ...a, ...changes } : a)) });
  };
  const changeAction = (i: number, action: SceneAction['action']) => {
    const step = draft?.actions[i];
    if (!step) return;
    // Only `set` keeps a value (undefined is left out of the saved JSON).
    patchStep(i, { action, value: action === 'set' ? step.value ?? 0 : undefined });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: [gatewaySceneResource.key] });

  const call = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.field) setFieldError({ field: e.field, text: e.message });
    } finally {
      setBusy(false);
    }
  };
  const save = () => selectedId && draft && call(() => requestData(gatewaySceneResource.path, { method: 'program', ...programOf(selectedId, draft) }));
  const runNow = () => selectedId && call(() => scenes.action('run', { id: selectedId }));
  const toggle = (enabled: boolean) => selectedId && call(() => scenes.update(selectedId, { enabled }));
  const create = async () => {
    const values = await createForm.validateFields();
    setBusy(true);
    try {
      const row = await scenes.add({ ...values, enabled: true, note: '' });
      setCreating(false);
      createForm.resetFields();
      await refresh();
      open(row.id);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const remove = () => selectedId && call(async () => {
    await scenes.remove({ id: selectedId });
    open(null);
  });

  const errorOf = (field: string) => (fieldError?.field === field ? { validateStatus: 'error' as const, help: fieldError.text } : {});
  const stepError = (i: number, field: string) => errorOf(`actions.${i}.${field}`);
  const row = scene.data;
  const lastState = row?.last_state as CommandState | null | undefined;
  const editable = can('device.gateway_scene.update');

  return (
    <div data-testid="scene-editor" style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 280px', minWidth: 240 }}>
        <Panel
          title={t('scene.list')}
          extra={can('device.gateway_scene.add') ? (
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="scene-new">{t('scene.new')}</Button>
          ) : undefined}
        >
          <Select allowClear style={{ width: '100%', marginBottom: 8 }} placeholder={t('scene.allPlaces')} aria-label={t('scene.place')}
            options={placeOptions} value={placeId} onChange={(v?: number) => setPlaceId(v)} data-testid="scene-place-filter" />
          {sceneList.isPending ? <Skeleton active /> : null}
          {sceneList.data?.list.length === 0 ? <Empty description={t('scene.none')} /> : null}
          <Space direction="vertical" style={{ width: '100%' }}>
            {(sceneList.data?.list ?? []).map((s) => (
              <Button key={s.id} block type={s.id === selectedId ? 'primary' : 'default'} onClick={() => open(s.id)} data-testid={`scene-item-${s.id}`}
                style={{ justifyContent: 'space-between', display: 'flex' }}>
                <span>{String(s.name)}</span>
                <span style={{ opacity: 0.7 }}>{placeName(s.place_id)}</span>
              </Button>
            ))}
          </Space>
        </Panel>
      </div>
      <div style={{ flex: '1 1 520px', minWidth: 320 }}>
        {selectedId === null ? <Panel title={t('scene.editor')}><Empty description={t('scene.choose')} /></Panel> : null}
        {selectedId !== null && scene.isPending ? <Skeleton active /> : null}
        {selectedId !== null && scene.isError ? <Alert type="error" showIcon message={t('scene.missing')} /> : null}
        {row && draft ? (
          <Panel
            title={<span data-testid="scene-title">{String(row.name)} · {placeName(row.place_id)}</span>}
            extra={(
              <Space>
                <span>{t('scene.enabled')}</span>
                <Switch checked={row.enabled === true} disabled={!editable || busy} onChange={(v) => void toggle(v)} aria-label={t('scene.enabled')} data-testid="scene-enabled" />
              </Space>
            )}
          >
            <Space wrap style={{ marginBottom: 12 }}>
              <span>{t('scene.lastRun')}</span>
              {lastState ? (
                <Tag color={COMMAND_STATE_LABELS[lastState].color} data-testid="scene-last-state" data-state={lastState}>{COMMAND_STATE_LABELS[lastState][lang]}</Tag>
              ) : <span data-testid="scene-last-state" data-state="">{t('scene.never')}</span>}
              {row.next_run_at ? <span data-testid="scene-next-run">{t('scene.nextRun', { time: inZone(String(row.next_run_at), row.time_zone, lang) })}</span> : null}
            </Space>
            <Form layout="vertical" disabled={!editable}>
              <Form.Item label={t('scene.trigger')} {...errorOf('trigger')}>
                <Segmented<SceneTrigger> value={draft.trigger} onChange={(v) => patch({ trigger: v })} data-testid="scene-trigger"
                  options={SCENE_TRIGGERS.map((k) => ({ value: k, label: SCENE_TRIGGER_LABELS[k][lang] }))} />
              </Form.Item>
              {draft.trigger === 'schedule' ? (
                <>
                  <Form.Item label={t('scene.scheduleMode')}>
                    <Segmented<ScheduleMode> value={draft.mode} onChange={(mode) => patch({ mode, cron: mode === 'cron' && !draft.cron ? weeklyCron(draft.time, draft.days) : draft.cron })}
                      options={[{ value: 'weekly', label: t('scene.weekly') }, { value: 'cron', label: t('scene.cron') }]} />
                  </Form.Item>
                  {draft.mode === 'weekly' ? (
                    <Space wrap align="start">
                      <Form.Item label={t('scene.time')} htmlFor="scene-time" {...errorOf('cron')}>
                        <Input id="scene-time" type="time" value={draft.time} onChange={(e) => patch({ time: e.target.value })} data-testid="scene-time" />
                      </Form.Item>
                      <Form.Item label={t('scene.days')}>
                        <Space wrap size={4}>
                          {WEEKDAYS.map((d) => (
                            <Tag.CheckableTag key={d} checked={draft.days.includes(d)} data-testid={`scene-day-${d}`}
                              onChange={(on) => patch({ days: on ? [...draft.days, d] : draft.days.filter((x) => x !== d) })}>
                              {t(`scene.weekday.${d}`)}
                            </Tag.CheckableTag>
                          ))}
                        </Space>
                      </Form.Item>
                    </Space>
                  ) : (
                    <Form.Item label={t('scene.cronExpression')} htmlFor="scene-cron" extra={t('scene.cronHint')} {...errorOf('cron')}>
                      <Input id="scene-cron" value={draft.cron} onChange={(e) => patch({ cron: e.target.value })} data-testid="scene-cron" />
                    </Form.Item>
                  )}
                  <Form.Item label={t('scene.timeZone')} htmlFor="scene-tz" {...errorOf('time_zone')}>
                    <Select id="scene-tz" showSearch options={zones} value={draft.timeZone} onChange={(v: string) => patch({ timeZone: v })} style={{ maxWidth: 280 }} />
                  </Form.Item>
                </>
              ) : null}
              {draft.trigger === 'event' ? (
                <Form.Item label={t('scene.eventCode')} htmlFor="scene-event" extra={t('scene.eventHint')} {...errorOf('event_code')}>
                  <Input id="scene-event" value={draft.eventCode} onChange={(e) => patch({ eventCode: e.target.value })} data-testid="scene-event" style={{ maxWidth: 320 }} />
                </Form.Item>
              ) : null}
              <Form.Item label={t('scene.steps', { count: draft.actions.length, max: SCENE_MAX_ACTIONS })} {...errorOf('actions')}>
                <Space direction="vertical" style={{ width: '100%' }}>
                  {draft.actions.length === 0 ? <Empty description={t('scene.noSteps')} /> : null}
                  {draft.actions.map((a, i) => (
                    <Space key={i} wrap align="start" data-testid={`scene-step-${i}`}>
                      <span style={{ display: 'inline-block', width: 24, paddingTop: 5 }}>{i + 1}.</span>
                      <Form.Item noStyle {...stepError(i, 'target')}>
                        <Input placeholder={t('scene.target')} aria-label={t('scene.target')} value={a.target} style={{ width: 170 }}
                          status={fieldError?.field === `actions.${i}.target` ? 'error' : undefined}
                          onChange={(e) => patchStep(i, { target: e.target.value })} data-testid={`scene-step-${i}-target`} />
                      </Form.Item>
                      <Select aria-label={t('scene.action')} value={a.action} style={{ width: 170 }} onChange={(v: SceneAction['action']) => changeAction(i, v)}
                        options={SCENE_ACTIONS.map((k) => ({ value: k, label: SCENE_ACTION_LABELS[k][lang] }))} data-testid={`scene-step-${i}-action`} />
                      {a.action === 'set' ? (
                        <InputNumber aria-label={t('scene.value')} placeholder={t('scene.value')} value={a.value} min={SCENE_VALUE_MIN} max={SCENE_VALUE_MAX} precision={0}
                          status={fieldError?.field === `actions.${i}.value` ? 'error' : undefined}
                          onChange={(v) => patchStep(i, { value: v ?? undefined })} data-testid={`scene-step-${i}-value`} />
                      ) : null}
                      <InputNumber aria-label={t('scene.delay')} prefix={t('scene.delay')} suffix={t('scene.seconds')} value={a.delay_s ?? 0} min={0} max={SCENE_MAX_DELAY_S}
                        precision={0} style={{ width: 190 }} onChange={(v) => patchStep(i, { delay_s: v ? v : undefined })} data-testid={`scene-step-${i}-delay`} />
                      <Button icon={<ArrowUpOutlined />} aria-label={t('scene.moveUp')} title={t('scene.moveUp')} onClick={() => patch({ actions: moved(draft.actions, i, i - 1) })} />
                      <Button icon={<ArrowDownOutlined />} aria-label={t('scene.moveDown')} title={t('scene.moveDown')} onClick={() => patch({ actions: moved(draft.actions, i, i + 1) })} />
                      <Button danger icon={<DeleteOutlined />} aria-label={t('scene.removeStep')} title={t('scene.removeStep')}
                        onClick={() => patch({ actions: draft.actions.filter((_, j) => j !== i) })} />
                      {fieldError?.field.startsWith(`actions.${i}.`) ? <Typography.Text type="danger" role="alert">{fieldError.text}</Typography.Text> : null}
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} disabled={draft.actions.length >= SCENE_MAX_ACTIONS} data-testid="scene-add-step"
                    onClick={() => patch({ actions: [...draft.actions, { target: '', action: 'on' }] })}>
                    {t('scene.addStep')}
                  </Button>
                </Space>
              </Form.Item>
            </Form>
            <Space wrap>
              {editable ? <Button type="primary" loading={busy} onClick={() => void save()} data-testid="scene-save">{t('scene.save')}</Button> : null}
              {can('device.gateway_scene.run') ? (
                <Popconfirm title={t('scene.runConfirm')} onConfirm={() => void runNow()}>
                  <Button loading={busy} disabled={!(Number(row.steps) > 0)} data-testid="scene-run">{t('scene.run')}</Button>
                </Popconfirm>
              ) : null}
              {can('device.gateway_scene.remove') ? (
                <Popconfirm title={t('scene.removeConfirm')} onConfirm={() => void remove()}>
                  <Button danger loading={busy} data-testid="scene-remove">{t('scene.remove')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Panel>
        ) : null}
      </div>
      <Modal open={creating} title={t('scene.new')} onOk={() => void create()} onCancel={() => setCreating(false)} confirmLoading={busy} destroyOnHidden
        wrapProps={{ 'data-testid': 'scene-new-dialog' }}>
        <Form form={createForm} layout="vertical" initialValues={{ place_id: placeId }}>
          <Form.Item name="name" label={t('scene.name')} rules={[{ required: true, message: t('validation.required') }, { max: 64 }]}>
            <Input data-testid="scene-new-name" />
          </Form.Item>
          <Form.Item name="place_id" label={t('scene.place')} rules={[{ required: true, message: t('validation.required') }]} extra={t('scene.placeHint')}>
            <Select options={placeOptions} data-testid="scene-new-place" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
