export default {
  showing: '官网当前：',
  more: '了解更多 →',
};
