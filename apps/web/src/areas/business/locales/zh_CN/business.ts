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
  quotation: {
    locked: '报价单已发送，明细不可再修改',
    subtotal: '原价合计',
    discount: '折扣金额',
    total: '报价总额',
    exportXlsx: '导出 Excel',
    printView: '打印预览',
    print: '打印',
    closePrint: '关闭',
  },
  timedTask: {
    noCommands: '本次执行未创建设备命令',
  },
};
