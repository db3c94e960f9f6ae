import type zh from '../zh_CN/consult';

export default {
  editor: {
    html: 'HTML source',
    preview: 'Preview',
    previewEmpty: 'The body\'s preview appears here',
    bold: 'Bold',
    italic: 'Italic',
    heading: 'Heading',
    paragraph: 'Paragraph',
    list: 'List',
    link: 'Link',
    upload: 'Upload and insert an image',
    image: 'Image',
    sanitised: 'On save the server removes scripts, event attributes and unsafe links (an allow-list); the preview is cleaned the same way in the browser.',
  },
  cover: {
    upload: 'Upload cover',
    remove: 'Remove',
    alt: 'Article cover',
    uploading: 'Uploading…',
  },
} satisfies typeof zh;
