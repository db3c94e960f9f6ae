/** Custom parts of the system pages (apps/web/src/areas/system): the grant tree and the change view. */
const system = {
  grant: {
    all: '全选',
    none: '清空',
    otherButtons: '其他按钮',
    search: '搜索页面和按钮',
    noMatch: '没有匹配的页面或按钮',
  },
  diff: {
    onlyChanged: '仅显示变更项',
    field: '字段',
    before: '修改前',
    after: '修改后',
    value: '值',
    none: '无变更内容',
    keys: { sessionId: '会话 ID' },
  },
};
export default system;
