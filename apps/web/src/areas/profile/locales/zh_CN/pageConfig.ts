/** The page configuration dialog of custom-domain deployments (SPEC §2 Dialogs, §5). */
const pageConfig = {
  title: '页面配置',
  icon: '图标',
  iconHint: '推荐尺寸 48×48，JPG 或 PNG，小于 10MB',
  homeTitle: '网站标题',
  homeTitlePlaceholder: '请输入网站标题',
  logo: '首页 Logo',
  logoHint: '推荐尺寸 317×85，JPG 或 PNG，小于 10MB',
  company: '公司名称',
  companyPlaceholder: '请输入公司名称',
  companyUrl: '公司链接',
  companyUrlPlaceholder: '以 http:// 或 https:// 开头',
  telephone: '服务电话',
  telephonePlaceholder: '请输入服务电话',
  smsTemplate: '短信模板',
  smsTemplateNone: '不使用短信模板',
  upload: '上传图片',
  replace: '更换图片',
};
export default pageConfig;
