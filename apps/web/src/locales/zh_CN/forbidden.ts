/** The 403 page: a page that exists but is not granted to the user. */
const forbidden = {
  title: '403',
  description: '抱歉，您没有访问此页面的权限。如需访问，请联系管理员为您的角色授权。',
  back: '返回上一页',
};

export default forbidden;
