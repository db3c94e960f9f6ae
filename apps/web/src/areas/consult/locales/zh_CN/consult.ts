export default {
  cover: {
    upload: '上传封面',
    remove: '移除',
    alt: '文章封面',
    uploading: '正在上传…',
  },
  video: {
    upload: '上传 MP4',
    uploading: '上传中…',
  },
};
