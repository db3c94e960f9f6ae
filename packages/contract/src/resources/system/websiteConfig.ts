import { declareResource } from '../types';
import { idField, updatedAtField } from '../common';

/**
 * Branding per domain (SPEC §2 website config, §3 page configuration). The row with an empty domain is the
 * default brand; an organisation edits its own domain's row from the shell's page configuration.
 */
export const websiteConfigResource = declareResource({
  key: 'system.website_config',
  path: '/admin/system/website_config',
  title: { zh_CN: '网站配置', en: 'Website config' },
  scope: 'platform',
  fields: {
    id: idField,
    domain: {
      type: 'text', label: { zh_CN: '域名', en: 'Domain' }, required: true, rule: 'domain', max: 253, editable: 'add',
      help: { zh_CN: '不含协议和端口，如 console.example.com；空域名为默认品牌', en: 'Without scheme or port, e.g. console.example.com; the empty domain is the default brand' },
    },
    org_id: { type: 'ref', label: { zh_CN: '所属组织', en: 'Organisation' }, ref: { resource: 'system.organization' } },
    home_title: { type: 'text', label: { zh_CN: '网站标题', en: 'Site title' }, max: 64 },
    icon: { type: 'image', label: { zh_CN: '图标', en: 'Icon' } },
    home_logo: { type: 'image', label: { zh_CN: '首页 Logo', en: 'Home logo' } },
    company: { type: 'text', label: { zh_CN: '公司名称', en: 'Company' }, max: 128 },
    company_url: { type: 'text', label: { zh_CN: '公司链接', en: 'Company link' }, rule: 'httpLink', max: 2048 },
    telephone: { type: 'text', label: { zh_CN: '服务电话', en: 'Service telephone' }, max: 32 },
    msg_id: { type: 'text', label: { zh_CN: '短信模板', en: 'SMS template' }, max: 64 },
    domain_oem: {
      type: 'select', label: { zh_CN: '品牌类型', en: 'Brand' }, default: 1,
      options: [
        { value: 0, label: { zh_CN: '默认品牌', en: 'Default brand' } },
        { value: 1, label: { zh_CN: '定制域名', en: 'Custom domain' }, color: 'blue' },
      ],
    },
    updated_at: updatedAtField,
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'domain', width: 240, sortable: true },
      { field: 'home_title', width: 200 },
      { field: 'icon', width: 80, render: 'image' },
      { field: 'company', width: 200 },
      { field: 'org_id', width: 160, render: 'refLabel' },
      { field: 'domain_oem', width: 120 },
      { field: 'updated_at', width: 180, sortable: true },
    ],
    filters: [{ field: 'domain', kind: 'prefix' }, { field: 'org_id', kind: 'eq' }],
    defaultSort: { field: 'domain', order: 'asc' },
  },
  form: {
    columns: 2,
    sections: [
      { fields: ['domain', 'org_id', 'domain_oem', 'home_title'] },
      { title: { zh_CN: '品牌', en: 'Branding' }, fields: ['icon', 'home_logo', 'company', 'company_url', 'telephone', 'msg_id'] },
    ],
  },
  io: { export: ['id', 'domain', 'org_id', 'home_title', 'company', 'company_url', 'telephone', 'domain_oem', 'updated_at'] },
  example: { domain: 'console.example.com', home_title: 'Example console' },
});
