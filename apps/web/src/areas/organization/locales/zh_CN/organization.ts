/** The organisation drawer and its join/create dialogs (SPEC §2 Navbar, Dialogs). */
const organization = {
  button: '组织',
  drawerTitle: '我的组织',
  none: '您还没有加入任何组织',
  current: '当前',
  switch: '切换',
  create: '创建组织',
  join: '加入组织',
  name: '组织名称',
  namePlaceholder: '请输入组织名称',
  code: '邀请码',
  codePlaceholder: '请输入邀请码',
  inviteCode: '邀请码：',
  copy: '复制邀请码',
  copySuccess: '复制成功',
  copyFailed: '复制失败',
};
export default organization;
