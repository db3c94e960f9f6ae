export default {
  overdue: '已超时',
  timeline: {
    created: '提交工单',
    commented: '添加评论',
    photo: '上传照片',
    moved: '{{action}}：{{from}} → {{to}}',
    placeholder: '填写处理过程或与客户的沟通情况',
    send: '发表评论',
    upload: '上传照片',
  },
  timedTask: {
    noCommands: '本次执行未创建设备命令',
  },
};
