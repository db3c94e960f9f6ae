import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Popconfirm, Select, Skeleton, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { utf8Bytes, WECHAT_MENU_LIMITS, WECHAT_MENU_TYPES, type WechatMenuDetail, type WechatMenuItem, type WechatMenuType } from '@gx/contract';
import { ApiError } from '../../../api/errors';
import { useCan } from '../../../components/Can';
import { Panel } from '../../../components/Panel';
import { moved } from '../../../utils/moved';
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../resources/fieldText';
import { fetchWechatMenu, publishWechatMenu, saveWechatMenu } from '../api';
import './wechatMenu.css';

/** Which item is being edited: a top-level menu, or one of its sub-items. */
type Selection = { top: number; sub: number | null } | null;
type ActionField = 'key' | 'url' | 'appid' | 'pagepath';

const FIELDS_OF: Record<WechatMenuType, ActionField[]> = { click: ['key'], view: ['url'], miniprogram: ['appid', 'pagepath', 'url'] };
const QUERY_KEY = ['portal', 'wechatMenu'];

/** `button.1.sub_button.0.url` → the item and the field the server named. */
function locate(field: string | undefined): { selection: Selection; field: string } | null {
  const m = /^button\.(\d+)(?:\.sub_button\.(\d+))?\.(\w+)$/.exec(field ?? '');
  return m ? { selection: { top: Number(m[1]), sub: m[2] === undefined ? null : Number(m[2]) }, field: m[3]! } : null;
}

/**
 * SPEC §7 WeChat menu: the organisation's official-account menu as a tree (≤ 3 menus, ≤ 5 sub-items each, names in
 * bytes as WeChat counts them), saved per organisation and published through the server's WeChat interface.
 */
export default function WechatMenuPage() {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: QUERY_KEY, queryFn: fetchWechatMenu });
  const [menu, setMenu] = useState<WechatMenuItem[]>([]);
  const [selected, setSelected] = useState<Selection>(null);
  const [fieldError, setFieldError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (detail.data) setMenu(detail.data.button);
  }, [detail.data]);

  const update = (next: WechatMenuItem[], selection: Selection = selected) => {
    setMenu(next);
    setSelected(selection);
    setFieldError(null);
  };
  const item = selected ? (selected.sub === null ? menu[selected.top] : menu[selected.top]?.sub_button?.[selected.sub]) : undefined;
  const isTopWithSubs = selected?.sub === null && (item?.sub_button?.length ?? 0) > 0;
  const nameMax = selected?.sub === null ? WECHAT_MENU_LIMITS.topNameBytes : WECHAT_MENU_LIMITS.subNameBytes;

  const patch = (changes: Partial<WechatMenuItem>) => {
    if (!selected) return;
    update(menu.map((top, i) => {
      if (i !== selected.top) return top;
      if (selected.sub === null) return { ...top, ...changes };
      return { ...top, sub_button: (top.sub_button ?? []).map((s, j) => (j === selected.sub ? { ...s, ...changes } : s)) };
    }));
  };
  /** A new action keeps only the fields it uses, so a link typed for "view" never rides along with "click". */
  const changeType = (type: WechatMenuType) => {
    if (!item) return;
    const kept = Object.fromEntries(FIELDS_OF[type].map((f) => [f, item[f] ?? '']));
    patch({ type, key: undefined, url: undefined, appid: undefined, pagepath: undefined, ...kept });
  };
  const addTop = () => update([...menu, { name: t('portal.menu.name'), type: 'view', url: '' }], { top: menu.length, sub: null });
  const addSub = (top: number) => {
    const subs = menu[top]?.sub_button ?? [];
    const { type: _type, key: _key, url: _url, appid: _appid, pagepath: _pagepath, ...bare } = menu[top]!;
    void _type; void _key; void _url; void _appid; void _pagepath;
    update(menu.map((m, i) => (i === top ? { ...bare, sub_button: [...subs, { name: t('portal.menu.name'), type: 'view' as const, url: '' }] } : m)), { top, sub: subs.length });
  };
  const remove = () => {
    if (!selected) return;
    if (selected.sub === null) update(menu.filter((_, i) => i !== selected.top), null);
    else {
      update(menu.map((m, i) => {
        if (i !== selected.top) return m;
        const rest = (m.sub_button ?? []).filter((_, j) => j !== selected.sub);
        // A menu whose last sub-item goes becomes a leaf again, with an action to fill in.
        return rest.length ? { ...m, sub_button: rest } : { name: m.name, type: 'view' as const, url: '' };
      }), { top: selected.top, sub: null });
    }
  };
  const move = (delta: number) => {
    if (!selected) return;
    if (selected.sub === null) update(moved(menu, selected.top, selected.top + delta), { top: Math.min(Math.max(selected.top + delta, 0), menu.length - 1), sub: null });
    else {
      const subs = menu[selected.top]?.sub_button ?? [];
      const to = Math.min(Math.max(selected.sub + delta, 0), subs.length - 1);
      update(menu.map((m, i) => (i === selected.top ? { ...m, sub_button: moved(subs, selected.sub!, selected.sub! + delta) } : m)), { top: selected.top, sub: to });
    }
  };

  const run = async (call: () => Promise<WechatMenuDetail>) => {
    setBusy(true);
    try {
      const answer = await call();
      queryClient.setQueryData(QUERY_KEY, answer);
    } catch (e) {
      const where = e instanceof ApiError ? locate(e.field) : null;
      if (where && e instanceof ApiError) {
        setSelected(where.selection);
        setFieldError({ field: where.field, text: e.message });
      }
    } finally {
      setBusy(false);
    }
  };

  if (detail.isPending) return <Skeleton active />;
  const data = detail.data;
  const errorOf = (field: string) => (fieldError?.field === field ? { validateStatus: 'error' as const, help: fieldError.text } : {});
  const label = (m: WechatMenuItem) => m.name || '—';

  return (
    <div className="gx-wechat-menu" data-testid="wechat-menu">
      <Alert type="info" showIcon message={t('portal.menu.hint')} />
      <Space wrap className="gx-wechat-menu-status">
        {data?.published_at ? <span>{t('portal.menu.publishedAt', { time: dayjs(data.published_at).format(DATE_TIME_FORMAT) })}</span> : <span>{t('portal.menu.neverPublished')}</span>}
        {data?.unpublished ? <Tag color="orange">{t('portal.menu.unpublished')}</Tag> : null}
        {data ? <span>{t('portal.menu.provider', { name: t(`portal.menu.providers.${data.provider}`) })}</span> : null}
      </Space>
      <div className="gx-wechat-menu-body">
        <Panel title={t('route.portal.wechatMenu')}>
          {menu.length === 0 ? <Empty description={t('portal.menu.empty')} /> : null}
          <ul className="gx-wechat-menu-tree" aria-label={t('route.portal.wechatMenu')}>
            {menu.map((top, i) => (
              <li key={i}>
                <button type="button" className={selected?.top === i && selected.sub === null ? 'is-selected' : ''} onClick={() => setSelected({ top: i, sub: null })}
                  data-testid={`menu-top-${i}`}>
                  {label(top)}
                </button>
                <ul>
                  {(top.sub_button ?? []).map((sub, j) => (
                    <li key={j}>
                      <button type="button" className={selected?.top === i && selected.sub === j ? 'is-selected' : ''} onClick={() => setSelected({ top: i, sub: j })}
                        data-testid={`menu-sub-${i}-${j}`}>
                        {label(sub)}
                      </button>
                    </li>
                  ))}
                  {(top.sub_button?.length ?? 0) < WECHAT_MENU_LIMITS.sub ? (
                    <li>
                      <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => addSub(i)} data-testid={`menu-add-sub-${i}`}>
                        {t('portal.menu.addSub')}
                      </Button>
                    </li>
                  ) : null}
                </ul>
              </li>
            ))}
          </ul>
          <Button type="dashed" icon={<PlusOutlined />} block disabled={menu.length >= WECHAT_MENU_LIMITS.top} onClick={addTop} data-testid="menu-add-top">
            {t('portal.menu.addTop')}
          </Button>
        </Panel>
        <Panel
          title={item ? label(item) : t('portal.menu.selectItem')}
          extra={item ? (
            <Space>
              <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('portal.menu.moveUp')} title={t('portal.menu.moveUp')} onClick={() => move(-1)} />
              <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('portal.menu.moveDown')} title={t('portal.menu.moveDown')} onClick={() => move(1)} />
              <Button size="small" danger icon={<DeleteOutlined />} onClick={remove} data-testid="menu-remove">{t('portal.menu.remove')}</Button>
            </Space>
          ) : undefined}
        >
          {item ? (
            <Form layout="vertical">
              <Form.Item label={t('portal.menu.name')} htmlFor="menu-name" {...errorOf('name')}
                extra={t('portal.menu.bytes', { used: utf8Bytes(item.name), max: nameMax })}>
                <Input id="menu-name" data-testid="menu-name" value={item.name} status={utf8Bytes(item.name) > nameMax ? 'error' : undefined}
                  onChange={(e) => patch({ name: e.target.value })} />
              </Form.Item>
              {isTopWithSubs ? <p>{t('portal.menu.hasSub')}</p> : (
                <>
                  <Form.Item label={t('portal.menu.type')} htmlFor="menu-type" {...errorOf('type')}>
                    <Select id="menu-type" data-testid="menu-type" value={item.type}
                      options={WECHAT_MENU_TYPES.map((v) => ({ value: v, label: t(`portal.menu.types.${v}`) }))}
                      onChange={(v: WechatMenuType) => changeType(v)} />
                  </Form.Item>
                  {(item.type ? FIELDS_OF[item.type] : []).map((f) => (
                    <Form.Item key={f} label={t(`portal.menu.${f}`)} htmlFor={`menu-${f}`} {...errorOf(f)}>
                      <Input id={`menu-${f}`} data-testid={`menu-${f}`} value={item[f] ?? ''} onChange={(e) => patch({ [f]: e.target.value })} />
                    </Form.Item>
                  ))}
                </>
              )}
            </Form>
          ) : <Empty description={t('portal.menu.selectItem')} />}
        </Panel>
      </div>
      <Space className="gx-wechat-menu-actions">
        {can('portal.wechat_menu.save') ? (
          <Button type="primary" loading={busy} onClick={() => run(() => saveWechatMenu(menu))} data-testid="menu-save">{t('portal.menu.save')}</Button>
        ) : null}
        {can('portal.wechat_menu.publish') ? (
          <Popconfirm title={t('portal.menu.publishConfirm')} onConfirm={() => run(publishWechatMenu)}>
            <Button loading={busy} disabled={!data?.button.length} data-testid="menu-publish">{t('portal.menu.publish')}</Button>
          </Popconfirm>
        ) : null}
      </Space>
    </div>
  );
}
