const pwa = {
  newVersion: '发现新版本，请点击更新',
  update: '更新',
};
export default pwa;
