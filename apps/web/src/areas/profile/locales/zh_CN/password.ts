/** The change-password dialog (SPEC §2 Dialogs, §5). */
const password = {
  title: '修改密码',
  old: '原密码',
  new: '新密码',
  confirm: '确认密码',
  oldPlaceholder: '请输入原密码',
  newPlaceholder: '请输入新密码',
  confirmPlaceholder: '请再次输入新密码',
  othersSignedOut: '修改成功后，您在其他设备上的登录将失效。',
};
export default password;
