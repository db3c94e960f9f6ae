/** The leave-inheritance (resignation handover) dialog (SPEC §2 Dialogs, §5). */
const succession = {
  title: '离职继承',
  quit: '离职人员',
  inherit: '继承人',
  search: '输入姓名搜索',
  more: '仅显示前 {{count}} 条，请输入姓名缩小范围',
  empty: '没有匹配的人员',
  notice: '离职人员在本组织的角色和数据将移交给继承人，其成员资格和登录随即结束。',
};
export default succession;
