import type zh from '../zh_CN/consult';

export default {
  video: {
    upload: 'Upload MP4',
    uploading: 'Uploading…',
  },
} satisfies typeof zh;
