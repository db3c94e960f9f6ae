import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, InputNumber, Select, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  AlignCenterOutlined, AlignLeftOutlined, AlignRightOutlined, DeleteOutlined, RedoOutlined, SaveOutlined, UndoOutlined,
  VerticalAlignBottomOutlined, VerticalAlignMiddleOutlined, VerticalAlignTopOutlined, UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BOUND_FIELDS, ELEMENT_KINDS, PRESETS, defaultLayoutFor, STUDIO_KEYS, TEMPLATE_PATH,
  type BoundValues, type TemplateDetail, type TemplateElement, type TemplateLayout, type TemplatePreset,
} from '@gx/contract';
import { requestData } from '../../../api/request';
import { toast } from '../../../api/feedback';
import { useCan } from '../../../components/Can';
import { ElementBody, elementStyle, fitScale, type WeatherByCity } from './ElementView';
import { newElement } from './layoutDefaults';
import { useHistory } from './useHistory';
import { fetchWeather, uploadTemplateImage } from './api';

export const TEMPLATE_QUERY = 'screen-template';

type Drag = { id: string; mode: 'move' | 'resize'; startX: number; startY: number; box: { x: number; y: number; w: number; h: number } };

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));

/** Keeps an element on the canvas (the server refuses one that reaches past it). */
function fitBox(el: TemplateElement, l: TemplateLayout): TemplateElement {
  const w = clamp(el.w, 8, l.width);
  const h = clamp(el.h, 8, l.height);
  return { ...el, w, h, x: clamp(el.x, 0, l.width - w), y: clamp(el.y, 0, l.height - h) };
}

/**
 * The one template editor behind every tp_* route: the route's preset gives the resolution, style and starting layout.
 * Elements are moved and resized with pointer events on a canvas laid out at the screen's resolution and scaled to fit.
 */
export function TemplateEditor({ preset }: { preset: TemplatePreset }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const info = PRESETS[preset];
  const lang = i18n.language === 'en' ? 'en' : 'zh_CN';
  const history = useHistory<TemplateLayout>(defaultLayoutFor(preset));
  const layout = history.value;
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [fields, setFields] = useState<BoundValues>({ room: '1808', guest: 'Li Lei', price: '¥ 688' });
  const weather = useWeatherPreview(layout.elements.flatMap((e) => (e.kind === 'weather' ? [e.city] : [])));
  const [saving, setSaving] = useState(false);
  // An older version opened from the history (undefined: the current one); saving it makes it current again.
  const [viewing, setViewing] = useState<number | undefined>();
  const detail = useQuery({
    queryKey: [TEMPLATE_QUERY, id, viewing],
    queryFn: () => requestData<TemplateDetail>(TEMPLATE_PATH, { method: 'detail', id, ...(viewing ? { version: viewing } : {}) }, { loading: false }),
    enabled: id !== undefined,
  });
  const { reset } = history;
  useEffect(() => {
    if (detail.data) {
      reset(detail.data.layout);
      setName(detail.data.name);
    }
  }, [detail.data, reset]);

  const stageRef = useRef<HTMLDivElement>(null);
  const [boxW, setBoxW] = useState(960);
  useEffect(() => {
    const node = stageRef.current;
    if (!node) return;
    const ro = new ResizeObserver(([e]) => e && setBoxW(e.contentRect.width));
    ro.observe(node);
    return () => ro.disconnect();
  }, []);
  const scale = fitScale(boxW, layout.height > layout.width ? 720 : 600, layout.width, layout.height);

  const drag = useRef<Drag | null>(null);
  const sel = layout.elements.find((e) => e.id === selected) ?? null;
  const update = (elId: string, patch: Partial<TemplateElement>) =>
    history.change((l) => ({ ...l, elements: l.elements.map((e) => (e.id === elId ? fitBox({ ...e, ...patch } as TemplateElement, l) : e)) }));

  const onPointerDown = (ev: ReactPointerEvent, el: TemplateElement, mode: Drag['mode']) => {
    ev.stopPropagation();
    ev.preventDefault();
    setSelected(el.id);
    (ev.currentTarget as HTMLElement).setPointerCapture(ev.pointerId);
    drag.current = { id: el.id, mode, startX: ev.clientX, startY: ev.clientY, box: { x: el.x, y: el.y, w: el.w, h: el.h } };
    history.begin();
  };
  const onPointerMove = (ev: ReactPointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = (ev.clientX - d.startX) / scale;
    const dy = (ev.clientY - d.startY) / scale;
    const patch = d.mode === 'move' ? { x: d.box.x + dx, y: d.box.y + dy } : { w: d.box.w + dx, h: d.box.h + dy };
    history.live((l) => ({ ...l, elements: l.elements.map((e) => (e.id === d.id ? fitBox({ ...e, ...patch } as TemplateElement, l) : e)) }));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    history.end();
  };

  const add = (kind: TemplateElement['kind']) => {
    const el = newElement(kind, layout, info.accent);
    history.change((l) => ({ ...l, elements: [...l.elements, fitBox(el, l)] }));
    setSelected(el.id);
  };
  const remove = () => {
    if (!sel) return;
    history.change((l) => ({ ...l, elements: l.elements.filter((e) => e.id !== sel.id) }));
    setSelected(null);
  };
  const reorder = (toFront: boolean) => {
    if (!sel) return;
    history.change((l) => {
      const rest = l.elements.filter((e) => e.id !== sel.id);
      return { ...l, elements: toFront ? [...rest, sel] : [sel, ...rest] };
    });
  };
  const align = (how: 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom') => {
    if (!sel) return;
    const x = { left: 0, center: (layout.width - sel.w) / 2, right: layout.width - sel.w }[how as 'left'];
    const y = { top: 0, middle: (layout.height - sel.h) / 2, bottom: layout.height - sel.h }[how as 'top'];
    update(sel.id, x !== undefined ? { x } : { y });
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && /^(INPUT|TEXTAREA)$/.test(e.target.tagName);
      if (typing || !(e.ctrlKey || e.metaKey)) return;
      if (e.key === 'z') history.undo();
      else if (e.key === 'y') history.redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history.undo, history.redo]); // eslint-disable-line react-hooks/exhaustive-deps -- the two callbacks are stable

  const save = async () => {
    setSaving(true);
    try {
      const answer = await requestData<{ id: number; version: number }>(
        TEMPLATE_PATH, { method: 'save', ...(id ? { id } : {}), name: name.trim() || t('studio.untitled'), preset, layout }, { quietSuccess: true },
      );
      toast('success', t('studio.saved', { version: answer.version }));
      // What was saved is the current version now (an older one saved again is restored).
      setViewing(undefined);
      await queryClient.invalidateQueries({ queryKey: [TEMPLATE_QUERY] });
      if (!id) navigate(`/${info.route}?id=${answer.id}`, { replace: true });
    } catch {
      // The request wrapper has shown why (the field the server refused is named).
    } finally {
      setSaving(false);
    }
  };

  const canSave = can(STUDIO_KEYS.templateSave);
  return (
    <Card
      data-testid="template-editor"
      title={<Space><span>{info.title[lang]}</span><Tag>{info.style}</Tag><Typography.Text type="secondary">{t('studio.resolution', { w: layout.width, h: layout.height })}</Typography.Text></Space>}
      extra={detail.data && <Tag data-testid="template-version">{t('studio.version')} {detail.data.version}</Tag>}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input data-testid="template-name" placeholder={t('studio.name')} value={name} onChange={(e) => setName(e.target.value)} style={{ width: 220 }} maxLength={60} />
        {ELEMENT_KINDS.map((k) => <Button key={k} data-testid={`studio-add-${k}`} onClick={() => add(k)}>{t(`studio.add.${k}`)}</Button>)}
      </Space>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tooltip title={t('studio.undo')}><Button aria-label={t('studio.undo')} data-testid="studio-undo" icon={<UndoOutlined />} disabled={!history.canUndo} onClick={history.undo} /></Tooltip>
        <Tooltip title={t('studio.redo')}><Button aria-label={t('studio.redo')} data-testid="studio-redo" icon={<RedoOutlined />} disabled={!history.canRedo} onClick={history.redo} /></Tooltip>
        <Tooltip title={t('studio.alignLeft')}><Button aria-label={t('studio.alignLeft')} icon={<AlignLeftOutlined />} disabled={!sel} onClick={() => align('left')} /></Tooltip>
        <Tooltip title={t('studio.alignCenter')}><Button aria-label={t('studio.alignCenter')} data-testid="studio-align-center" icon={<AlignCenterOutlined />} disabled={!sel} onClick={() => align('center')} /></Tooltip>
        <Tooltip title={t('studio.alignRight')}><Button aria-label={t('studio.alignRight')} icon={<AlignRightOutlined />} disabled={!sel} onClick={() => align('right')} /></Tooltip>
        <Tooltip title={t('studio.alignTop')}><Button aria-label={t('studio.alignTop')} icon={<VerticalAlignTopOutlined />} disabled={!sel} onClick={() => align('top')} /></Tooltip>
        <Tooltip title={t('studio.alignMiddle')}><Button aria-label={t('studio.alignMiddle')} icon={<VerticalAlignMiddleOutlined />} disabled={!sel} onClick={() => align('middle')} /></Tooltip>
        <Tooltip title={t('studio.alignBottom')}><Button aria-label={t('studio.alignBottom')} icon={<VerticalAlignBottomOutlined />} disabled={!sel} onClick={() => align('bottom')} /></Tooltip>
        <Button disabled={!sel} data-testid="studio-front" onClick={() => reorder(true)}>{t('studio.front')}</Button>
        <Button disabled={!sel} data-testid="studio-back" onClick={() => reorder(false)}>{t('studio.back')}</Button>
        <Button danger disabled={!sel} data-testid="studio-remove" icon={<DeleteOutlined />} onClick={remove}>{t('studio.remove')}</Button>
        {canSave && <Button type="primary" data-testid="template-save" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>{t('studio.save')}</Button>}
      </Space>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <div ref={stageRef} className="studio-stage" style={{ flex: '1 1 480px', height: layout.height * scale }} onPointerDown={() => setSelected(null)}>
          <div
            className="studio-canvas" data-testid="studio-canvas"
            style={{ width: layout.width, height: layout.height, background: layout.background, transform: `scale(${scale})` }}
            onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}
          >
            {layout.elements.map((el) => (
              <div
                key={el.id} data-testid={`studio-el-${el.kind}`} data-id={el.id}
                className={`studio-el${el.id === selected ? ' studio-selected' : ''}`}
                style={{ ...elementStyle(el), cursor: 'move', touchAction: 'none' }}
                onPointerDown={(e) => onPointerDown(e, el, 'move')}
              >
                <ElementBody el={el} fields={fields} weather={weather} />
                {el.id === selected && (
                  <div className="studio-handle" data-testid="studio-resize" style={{ transform: `scale(${1 / scale})`, transformOrigin: '100% 100%' }}
                    onPointerDown={(e) => onPointerDown(e, el, 'resize')} />
                )}
              </div>
            ))}
          </div>
        </div>
        <div style={{ flex: '0 1 300px', minWidth: 260 }}>
          <Typography.Title level={5}>{t('studio.properties')}</Typography.Title>
          {sel ? <Properties key={sel.id} el={sel} onChange={(p) => update(sel.id, p)} /> : <Empty description={t('studio.noSelection')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('studio.canvasBackground')}</Typography.Title>
          <input type="color" aria-label={t('studio.canvasBackground')} value={layout.background} onChange={(e) => history.change((l) => ({ ...l, background: e.target.value }))} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('studio.preview')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('studio.boundHint', { fields: BOUND_FIELDS.map((f) => `{{${f}}}`).join(' '), interpolation: { escapeValue: false } })}</Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }}>
            {BOUND_FIELDS.map((f) => (
              <Input key={f} addonBefore={t(`studio.${f}`)} aria-label={t(`studio.${f}`)} data-testid={`preview-${f}`} value={fields[f] ?? ''} onChange={(e) => setFields({ ...fields, [f]: e.target.value })} />
            ))}
          </Space>
          {detail.data && detail.data.versions.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>{t('studio.versions')}</Typography.Title>
              {detail.data.shown_version !== detail.data.version && (
                <Alert type="info" showIcon data-testid="template-old-version" style={{ marginBottom: 8 }}
                  title={t('studio.olderVersion', { shown: detail.data.shown_version, current: detail.data.version })} />
              )}
              {detail.data.versions.map((v) => (
                <div key={v.version} data-testid={`template-version-${v.version}`}>
                  <Tag color={v.version === detail.data?.shown_version ? 'blue' : undefined}>v{v.version}</Tag>
                  {new Date(v.created_at).toLocaleString()}
                  {v.version !== detail.data?.shown_version && (
                    <Button type="link" size="small" data-testid={`open-version-${v.version}`}
                      onClick={() => setViewing(v.version === detail.data?.version ? undefined : v.version)}>
                      {t('studio.openVersion')}
                    </Button>
                  )}
                </div>
              ))}
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

function Properties({ el, onChange }: { el: TemplateElement; onChange: (patch: Partial<TemplateElement>) => void }) {
  const { t } = useTranslation();
  const num = (k: 'x' | 'y' | 'w' | 'h' | 'font_size', label: string) => (
    <InputNumber addonBefore={label} data-testid={`prop-${k}`} value={el[k]} min={k === 'x' || k === 'y' ? 0 : 8} onChange={(v) => v !== null && onChange({ [k]: v })} style={{ width: '100%' }} />
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="studio-properties">
      <Tag>{t(`studio.kind.${el.kind}`)}</Tag>
      {(el.kind === 'text' || el.kind === 'marquee' || el.kind === 'qr') && (
        <Input.TextArea data-testid="prop-text" aria-label={t('studio.content')} rows={2} value={el.text} maxLength={el.kind === 'qr' ? 1000 : 2000} onChange={(e) => onChange({ text: e.target.value })} />
      )}
      {el.kind === 'price_table' && (
        <Input.TextArea
          data-testid="prop-rows" aria-label={t('studio.rows')} placeholder={t('studio.rows')} rows={4}
          defaultValue={el.rows.map((r) => `${r.label}=${r.price}`).join('\n')}
          onChange={(e) => onChange({ rows: e.target.value.split('\n').filter((s) => s.trim()).slice(0, 30).map((s) => {
            const [label = '', ...price] = s.split('=');
            return { label: label.trim().slice(0, 100), price: price.join('=').trim().slice(0, 100) };
          }) })}
        />
      )}
      {el.kind === 'image' && (
        <Upload accept="image/png,image/jpeg,image/gif" showUploadList={false} customRequest={({ file }) => {
          if (file instanceof File) void uploadTemplateImage(file).then((url) => url && onChange({ src: url }));
        }}>
          <Button icon={<UploadOutlined />} data-testid="prop-upload">{t('studio.upload')}</Button>
        </Upload>
      )}
      {el.kind === 'video' && (
        <Input data-testid="prop-src" aria-label={t('studio.videoUrl')} placeholder={t('studio.videoUrl')} defaultValue={el.src} maxLength={2048}
          onChange={(e) => /^(\/|https?:\/\/)\S+$/.test(e.target.value.trim()) && onChange({ src: e.target.value.trim() })} />
      )}
      {el.kind === 'weather' && (
        <>
          <Input data-testid="prop-city" aria-label={t('studio.city')} placeholder={t('studio.city')} defaultValue={el.city} maxLength={32}
            onChange={(e) => e.target.value.trim() && onChange({ city: e.target.value.trim() })} />
          <Select value={el.lang} aria-label={t('studio.weatherLang')} style={{ width: '100%' }} onChange={(lang) => onChange({ lang })}
            options={[{ value: 'zh_CN', label: '中文' }, { value: 'en', label: 'English' }]} />
        </>
      )}
      {el.kind === 'clock' && (
        <Select value={el.format} aria-label={t('studio.clockFormat')} style={{ width: '100%' }} onChange={(format) => onChange({ format })}
          options={[{ value: 'time', label: t('studio.time') }, { value: 'datetime', label: t('studio.datetime') }]} />
      )}
      {num('x', 'X')}{num('y', 'Y')}{num('w', 'W')}{num('h', 'H')}{num('font_size', t('studio.fontSize'))}
      <Space>
        <label>{t('studio.color')} <input type="color" value={el.color ?? '#000000'} onChange={(e) => onChange({ color: e.target.value })} /></label>
        <label>{t('studio.background')} <input type="color" value={el.background ?? '#ffffff'} onChange={(e) => onChange({ background: e.target.value })} /></label>
      </Space>
    </Space>
  );
}

/** The editor's weather previews: each city's weather as screens will get it (fetched once per city, kept a while). */
function useWeatherPreview(cities: string[]): WeatherByCity {
  const wanted = [...new Set(cities)].sort();
  const q = useQuery({
    queryKey: ['studio', 'weather', wanted],
    queryFn: async () => Object.fromEntries((await Promise.all(wanted.map(async (c) => [c, await fetchWeather(c)] as const))).filter(([, w]) => w !== null)) as WeatherByCity,
    enabled: wanted.length > 0,
    staleTime: 10 * 60_000,
  });
  return q.data ?? {};
}
