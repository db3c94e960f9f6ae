import { defineArea } from '../types';

/** SPEC §2 business. */
export const businessArea = defineArea({
  key: 'business',
  order: 60,
  title: { zh_CN: '业务管理', en: 'Business' },
  icon: 'ProjectOutlined',
  pages: [
    {
      key: 'workOrder', path: 'work-order', title: { zh_CN: '工单管理', en: 'Work orders' }, resource: 'business.work_order',
      permissions: [
        { key: 'business.work_order.comment', label: { zh_CN: '工单管理 · 评论', en: 'Work orders · Comment' } },
        { key: 'business.work_order.attach', label: { zh_CN: '工单管理 · 上传照片', en: 'Work orders · Upload photos' } },
      ],
    },
    {
      key: 'projectTeam', path: 'project-team', title: { zh_CN: '项目团队', en: 'Project teams' }, resource: 'business.project',
      alsoResources: ['business.project_member', 'business.project_invitation'],
    },
    { key: 'phoneBook', path: 'phone-book', title: { zh_CN: '电话簿', en: 'Phone book' }, resource: 'business.phone_book' },
    { key: 'accessList', path: 'black-white-list', title: { zh_CN: '黑白名单', en: 'Black and white list' }, icon: 'TeamOutlined', resource: 'business.access_list' },
    { key: 'notepad', path: 'notepad', title: { zh_CN: '记事本', en: 'Notepad' }, icon: 'FileTextOutlined', resource: 'business.notepad' },
  ],
});
