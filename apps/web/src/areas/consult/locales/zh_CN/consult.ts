export default {
  editor: {
    html: 'HTML 源码',
    preview: '预览',
    previewEmpty: '正文预览会显示在这里',
    bold: '加粗',
    italic: '斜体',
    heading: '标题',
    paragraph: '段落',
    list: '列表',
    link: '链接',
    upload: '上传图片并插入',
    image: '图片',
    sanitised: '保存时服务器会按白名单清除脚本、事件属性和不安全的链接；预览在浏览器中同样经过清理。',
  },
  cover: {
    upload: '上传封面',
    remove: '移除',
    alt: '文章封面',
    uploading: '正在上传…',
  },
};
