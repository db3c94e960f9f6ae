import type zh from '../zh_CN/consult';

export default {
  cover: {
    upload: 'Upload cover',
    remove: 'Remove',
    alt: 'Article cover',
    uploading: 'Uploading…',
  },
  video: {
    upload: 'Upload MP4',
    uploading: 'Uploading…',
  },
} satisfies typeof zh;
