export default {
  upload: '上传文件',
  uploading: '正在上传…',
  uploaded: '已上传 {{name}}',
  rules: '图片：JPG、PNG、GIF，不超过 10MB；视频：MP4，不超过 1024MB。类型按文件内容识别。',
  sizes: '建议尺寸：图标 48×48，Logo 317×85，二维码 144×144，背景与轮播图 1920×1080。',
  unused: '无处引用的文件在宽限期（默认上传后 24 小时）过后由系统自动清理；仍被引用的文件无法删除。',
};
