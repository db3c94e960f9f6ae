import type zh from '../zh_CN/media';

export default {
  upload: 'Upload files',
  uploading: 'Uploading…',
  uploaded: 'Uploaded {{name}}',
  rules: 'Images: JPG, PNG or GIF up to 10 MB; videos: MP4 up to 1024 MB. The type is read from the file itself.',
  sizes: 'Recommended sizes: icon 48×48, logo 317×85, QR code 144×144, backgrounds and banners 1920×1080.',
  unused: 'Files nothing uses are deleted automatically after a grace period (by default 24 hours after upload); a file still in use cannot be deleted.',
} satisfies typeof zh;
