export default {
  firmware: {
    button: '上传固件',
    title: '上传固件',
    hint: '文件大小和 SHA-256 校验值由服务器根据收到的内容计算；设备通过升级任务下发的签名链接下载。',
    file: '固件文件',
    choose: '选择文件',
    submit: '上传',
    uploaded: '已上传，SHA-256：{{sha256}}',
  },
  campaign: {
    progress: '完成进度',
    total: '共 {{count}} 台设备',
    allStates: '全部状态',
    stateFilter: '按状态筛选',
    serial: '序列号',
    model: '型号',
    fw: '当前固件',
    batch: '批次',
    state: '状态',
    progressColumn: '进度',
    error: '错误',
  },
};
