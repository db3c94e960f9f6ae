import { useMemo } from 'react';
import DOMPurify from 'dompurify';

// Links in server HTML open outside the console and cannot reach back into it.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * HTML from the server (notification content). The server sanitises what it stores; the browser sanitises again
 * before rendering, so a row written by anything else cannot run script here. Imported only by lazily loaded
 * dialogs, so DOMPurify is fetched with them.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
