const notFound = {
  title: '404',
  description: '抱歉，您访问的页面不存在。',
};
export default notFound;
