import { defineArea, type PageDecl } from '../types';
import { PRESETS, STUDIO_KEYS, TEMPLATE_PRESETS } from '../../screens/presets';

const view = (key: string) => [{ key, label: { zh_CN: '查看大屏', en: 'View screen' } }] as const;

const saveTemplate = [{ key: STUDIO_KEYS.templateSave, label: { zh_CN: '保存模板', en: 'Save template' } }] as const;

/** SPEC §2's hidden template editors (tp_*): one console editor, the route picks the style preset. */
const editorPages: PageDecl[] = TEMPLATE_PRESETS.map((p) => ({
  key: PRESETS[p].route, path: `/${PRESETS[p].route}`, title: PRESETS[p].title, hidden: true, noCache: true, custom: true,
  permissions: p === 'hotel' ? saveTemplate : [],
}));

/** SPEC §2 monitor: the standalone big screens (issue 16), each granted with its page's `view` button. */
export const monitorArea = defineArea({
  key: 'monitor',
  order: 90,
  title: { zh_CN: '监控大屏', en: 'Monitoring' },
  icon: 'FundProjectionScreenOutlined',
  pages: [
    {
      key: 'bigdata', path: '/screenhome', title: { zh_CN: '大数据大屏', en: 'Big data screen' }, external: true,
      permissions: view('monitor.bigdata.view'),
    },
    { key: 'tv', path: '/tvscreenhome', title: { zh_CN: '电视大屏', en: 'TV screen' }, external: true, permissions: view('monitor.tv.view') },
    {
      key: 'sdwan', path: '/SD_WAN_Largescreen', title: { zh_CN: 'SD-WAN 大屏', en: 'SD-WAN screen' }, external: true,
      permissions: view('monitor.sdwan.view'),
    },
    {
      key: 'largechat', path: '/largechat', title: { zh_CN: '投诉建议与工单大屏', en: 'Complaints & work orders screen' }, external: true,
      permissions: view('monitor.largechat.view'),
    },
    {
      key: 'templates', path: 'templates', title: { zh_CN: '屏幕模板', en: 'Screen templates' }, icon: 'LayoutOutlined', custom: true,
      permissions: [
        { key: STUDIO_KEYS.templateView, label: { zh_CN: '查看模板', en: 'View templates' } },
        { key: STUDIO_KEYS.templateRemove, label: { zh_CN: '删除模板', en: 'Remove template' } },
      ],
    },
    ...editorPages,
    {
      key: 'sifa', path: '/sifamodel/sifa', title: { zh_CN: '节目编辑', en: 'Programme editing' }, hidden: true, noCache: true, custom: true,
      permissions: [
        { key: STUDIO_KEYS.programmeView, label: { zh_CN: '查看节目', en: 'View programmes' } },
        { key: STUDIO_KEYS.programmeSave, label: { zh_CN: '保存节目', en: 'Save programme' } },
        { key: STUDIO_KEYS.programmePublish, label: { zh_CN: '发布节目', en: 'Publish programme' } },
        { key: STUDIO_KEYS.programmeRemove, label: { zh_CN: '删除节目', en: 'Remove programme' } },
      ],
    },
  ],
});
