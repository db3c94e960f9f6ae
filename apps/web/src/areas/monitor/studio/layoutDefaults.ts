import type { ElementKind, TemplateElement, TemplateLayout } from '@gx/contract';

let seq = 0;
/** An element id unique within a layout (the server refuses duplicates). */
export function newId(kind: ElementKind): string {
  seq += 1;
  return `${kind}-${Date.now().toString(36)}-${seq}`;
}

/** A new element of `kind`, centred on a `w`×`h` canvas in the preset's accent. */
export function newElement(kind: ElementKind, l: TemplateLayout, accent: string): TemplateElement {
  const w = Math.round(Math.min(l.width * 0.4, 800));
  const h = kind === 'price_table' ? Math.round(l.height * 0.3) : kind === 'qr' || kind === 'image' || kind === 'video' ? 240 : 120;
  const box = { id: newId(kind), x: Math.round((l.width - w) / 2), y: Math.round((l.height - h) / 2), w: kind === 'qr' ? 240 : w, h, color: accent, font_size: 56 };
  switch (kind) {
    case 'text': return { ...box, kind, text: 'Text' };
    case 'marquee': return { ...box, kind, text: 'Scrolling text' };
    case 'image': return { ...box, kind, src: '/favicon.ico' };
    case 'video': return { ...box, kind, src: '/welcome.mp4' };
    case 'clock': return { ...box, kind, format: 'time' };
    case 'weather': return { ...box, kind, city: '上海', lang: 'zh_CN' };
    case 'qr': return { ...box, kind, text: 'https://example.com', color: '#000000', background: '#ffffff' };
    case 'price_table': return { ...box, kind, font_size: 40, rows: [{ label: '{{room}}', price: '{{price}}' }] };
  }
}
