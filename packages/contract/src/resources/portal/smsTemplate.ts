import { declareResource } from '../types';
import { idField } from '../common';

/**
 * `/admin/other_business/message_config` (SPEC §7 SMS config): the current organisation's SMS templates; the page
 * configuration's template option lists them. Sending a test and the send log are methods of the binding.
 */
export const smsTemplateResource = declareResource({
  key: 'portal.sms',
  path: '/admin/other_business/message_config',
  title: { zh_CN: '短信配置', en: 'SMS configuration' },
  scope: 'org',
  page: {
    area: 'portal', key: 'sms', after: 'settings',
    permissions: [
      { key: 'portal.sms.test', label: { zh_CN: '短信配置 · 发送测试', en: 'SMS configuration · Send a test' } },
      { key: 'portal.sms.log', label: { zh_CN: '短信配置 · 发送记录', en: 'SMS configuration · Sending log' } },
    ],
  },
  fields: {
    id: idField,
    name: { type: 'text', label: { zh_CN: '模板名称', en: 'Name' }, required: true, max: 64 },
    content: {
      type: 'textarea', label: { zh_CN: '模板内容', en: 'Content' }, required: true, max: 500,
      help: { zh_CN: '与服务商登记的模板一致，如 您的验证码是${code}', en: 'As registered with the provider, e.g. Your code is ${code}' },
    },
    sign: {
      type: 'text', label: { zh_CN: '签名', en: 'Signature' }, max: 32, default: '',
      help: { zh_CN: '留空则使用服务器配置的签名', en: "Empty uses the server's SMS_SIGN_NAME" },
    },
    template_code: { type: 'text', label: { zh_CN: '模板编号', en: 'Template code' }, required: true, max: 64 },
  },
  operations: ['list', 'detail', 'add', 'update', 'remove', 'import', 'export'],
  list: {
    columns: [
      { field: 'id', width: 80, sortable: true },
      { field: 'name', width: 180 },
      { field: 'content', width: 320, ellipsis: true },
      { field: 'sign', width: 120 },
      { field: 'template_code', width: 160 },
    ],
    filters: [],
    defaultSort: { field: 'id', order: 'desc' },
  },
  form: { columns: 1, sections: [{ fields: ['name', 'content', 'sign', 'template_code'] }] },
  io: { import: ['name', 'content', 'sign', 'template_code'], export: ['id', 'name', 'content', 'sign', 'template_code'] },
  example: { name: 'Sign-in code', content: 'Your code is ${code}', template_code: 'SMS_71390007' },
});
