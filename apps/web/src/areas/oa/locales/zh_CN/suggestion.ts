/** The complaints/suggestions dialog (SPEC §2 Navbar, §5). */
const suggestion = {
  button: '投诉建议',
  title: '投诉建议',
  placeholder: '请描述您遇到的问题或建议',
  submit: '提交',
};
export default suggestion;
