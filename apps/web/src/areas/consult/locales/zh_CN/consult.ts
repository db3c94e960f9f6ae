export default {
  video: {
    upload: '上传 MP4',
    uploading: '上传中…',
  },
};
