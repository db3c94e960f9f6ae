import { declareResource, type ColumnDecl, type FieldDecl, type ResourceDecl } from '../types';
import { idField } from '../common';
import { ONLINE_OPTIONS } from './binding';
import { FAMILY_PAGES, familyResourceKey, type FamilyPage, type FamilyPageKey } from '../../device/familyPages';
import { FAMILY_METRICS, type MetricDecl } from '../../device/telemetry';

const at = (zh_CN: string, en: string): FieldDecl => ({ type: 'datetime', label: { zh_CN, en }, editable: 'never' });
const reported = (zh_CN: string, en: string): FieldDecl => ({ type: 'text', label: { zh_CN, en }, editable: 'never', max: 64 });

/**
 * A family page's device list (`/admin/device/<segment>`, e.g. `/admin/device/olt`): the registry's devices of
 * that family, read-only here (devices are added, claimed and edited on *All devices*), with the family's key
 * figures from the latest telemetry as columns, its own detail tab, charts, and restart / factory reset as row
 * and bulk actions that create persisted commands. Built from `FAMILY_PAGES`, so every family page is the same.
 */
function familyDeviceDecl(key: FamilyPageKey): ResourceDecl {
  const p = FAMILY_PAGES[key] as unknown as FamilyPage;
  const metrics = FAMILY_METRICS[p.family] as Record<string, MetricDecl>;
  const figures: Record<string, FieldDecl> = Object.fromEntries(p.figures.map((name) => [
    name, { type: 'number', label: metrics[name]!.label, editable: 'never' } satisfies FieldDecl,
  ]));
  const figureColumns: ColumnDecl<string>[] = p.figures.map((name) => ({ field: name, width: 120, render: 'metric' }));
  return {
    key: familyResourceKey(key),
    path: `/admin/device/${p.segment}`,
    title: p.title,
    scope: 'org',
    fields: {
      id: idField,
      serial: { type: 'text', label: { zh_CN: '序列号', en: 'Serial' }, editable: 'never', max: 64 },
      name: { type: 'text', label: { zh_CN: '名称', en: 'Name' }, editable: 'never', max: 64 },
      model: reported('型号', 'Model'),
      fw: reported('固件版本', 'Firmware'),
      hw: reported('硬件版本', 'Hardware'),
      ip: reported('IP 地址', 'IP'),
      mac: reported('MAC 地址', 'MAC'),
      online: { type: 'select', label: { zh_CN: '在线状态', en: 'Online' }, options: ONLINE_OPTIONS, editable: 'never' },
      uptime: { type: 'integer', label: { zh_CN: '运行时长', en: 'Uptime' }, editable: 'never' },
      last_seen_at: at('最后活动', 'Last seen'),
      online_at: at('上线时间', 'Online since'),
      ...figures,
      family_view: { type: 'json', label: { zh_CN: '类型信息', en: 'Family view' }, editable: 'never' },
    },
    operations: ['list', 'detail', 'export'],
    list: {
      // Narrow tables hide the highest priority first, then the rightmost: the key figures stay longest.
      columns: [
        { field: 'serial', width: 190, sortable: true, fixed: 'left', priority: 1 },
        { field: 'name', width: 150, sortable: true, priority: 3 },
        { field: 'model', width: 130 },
        { field: 'fw', width: 110 },
        { field: 'online', width: 100, priority: 1 },
        ...figureColumns,
        { field: 'last_seen_at', width: 180, sortable: true },
        { field: 'ip', width: 130, priority: 3 },
        { field: 'mac', width: 160, priority: 3 },
      ],
      filters: [
        { field: 'model', kind: 'eq' },
        { field: 'online', kind: 'eq' },
        { field: 'fw', kind: 'eq' },
        { field: 'serial', kind: 'prefix' },
        { field: 'mac', kind: 'prefix' },
      ],
      keyword: { fields: ['serial', 'name'], placeholder: { zh_CN: '序列号或名称', en: 'Serial or name' } },
      defaultSort: { field: 'serial', order: 'asc' },
    },
    detail: {
      sections: [
        { title: { zh_CN: '状态', en: 'Status' }, fields: ['online', 'uptime', 'fw', 'ip', 'last_seen_at'] },
        { title: { zh_CN: '设备', en: 'Device' }, fields: ['serial', 'name', 'model', 'hw', 'mac', 'online_at', ...p.figures] },
      ],
      tabs: [
        { key: 'familyTelemetry', title: { zh_CN: '遥测', en: 'Telemetry' } },
        { key: 'familyView', title: p.tab },
        { key: 'deviceCommands', title: { zh_CN: '命令', en: 'Commands' } },
        { key: 'deviceEvents', title: { zh_CN: '事件', en: 'Events' } },
      ],
    },
    actions: [
      {
        name: 'restart', label: { zh_CN: '重启', en: 'Restart' }, placement: 'both',
        confirm: { zh_CN: '设备将重启，期间业务中断。确定重启吗？', en: 'The device restarts and its service stops meanwhile. Restart?' },
      },
      {
        name: 'factory_reset', label: { zh_CN: '恢复出厂', en: 'Factory reset' }, placement: 'both', danger: true,
        confirm: {
          zh_CN: '设备将清除全部本地配置并恢复出厂设置。确定继续吗？',
          en: 'The device erases its local configuration and returns to factory settings. Continue?',
        },
      },
    ],
    picker: { label: ['serial', 'name'], search: ['serial'] },
    io: { export: ['id', 'serial', 'name', 'model', 'fw', 'hw', 'ip', 'mac', 'online', 'uptime', 'last_seen_at', ...p.figures] },
  };
}

export const gatewayDeviceResource = declareResource(familyDeviceDecl('gateway'));
export const oltDeviceResource = declareResource(familyDeviceDecl('olt'));
export const fttrDeviceResource = declareResource(familyDeviceDecl('fttr'));
export const apDeviceResource = declareResource(familyDeviceDecl('ap'));
export const pbxDeviceResource = declareResource(familyDeviceDecl('pbx'));
export const voiceGatewayDeviceResource = declareResource(familyDeviceDecl('voiceGateway'));
export const cloudScreenDeviceResource = declareResource(familyDeviceDecl('cloudScreen'));
export const acDeviceResource = declareResource(familyDeviceDecl('ac'));
export const fttnDeviceResource = declareResource(familyDeviceDecl('fttn'));
export const nmcDeviceResource = declareResource(familyDeviceDecl('nmc'));
export const ucDeviceResource = declareResource(familyDeviceDecl('uc'));
export const vcgwDeviceResource = declareResource(familyDeviceDecl('vcgw'));

/** The declaration of each family page, by page key. */
export const FAMILY_DEVICE_RESOURCES: Record<FamilyPageKey, ResourceDecl> = {
  gateway: gatewayDeviceResource, olt: oltDeviceResource, fttr: fttrDeviceResource, ap: apDeviceResource, pbx: pbxDeviceResource,
  voiceGateway: voiceGatewayDeviceResource, cloudScreen: cloudScreenDeviceResource, ac: acDeviceResource, fttn: fttnDeviceResource,
  nmc: nmcDeviceResource, uc: ucDeviceResource, vcgw: vcgwDeviceResource,
};
