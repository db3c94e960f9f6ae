import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for announcement and notification HTML (sanitize-html, a parser rather than regexes): what a rich
 * text editor produces — text formatting, lists, tables, links and images — and nothing that runs: no script,
 * style or iframe elements, no event handlers, no javascript:/data: URLs, and inline styles limited to a few
 * harmless properties with plain values. The console sanitises again when it renders.
 */
const SAFE_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const SAFE_LENGTH = /^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small', 'mark',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li',
    'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [SAFE_COLOR],
      'background-color': [SAFE_COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [SAFE_LENGTH],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab must not hand the console's window to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
