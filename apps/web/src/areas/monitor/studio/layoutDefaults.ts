import { PRESETS, type ElementKind, type TemplateElement, type TemplateLayout, type TemplatePreset } from '@gx/contract';

let seq = 0;
/** An element id unique within a layout (the server refuses duplicates). */
export function newId(kind: ElementKind): string {
  seq += 1;
  return `${kind}-${Date.now().toString(36)}-${seq}`;
}

/** A new element of `kind`, centred on a `w`×`h` canvas in the preset's accent. */
export function newElement(kind: ElementKind, l: TemplateLayout, accent: string): TemplateElement {
  const w = Math.round(Math.min(l.width * 0.4, 800));
  const h = kind === 'price_table' ? Math.round(l.height * 0.3) : kind === 'qr' || kind === 'image' ? 240 : 120;
  const box = { id: newId(kind), x: Math.round((l.width - w) / 2), y: Math.round((l.height - h) / 2), w: kind === 'qr' ? 240 : w, h, color: accent, font_size: 56 };
  switch (kind) {
    case 'text': return { ...box, kind, text: 'Text' };
    case 'marquee': return { ...box, kind, text: 'Scrolling text' };
    case 'image': return { ...box, kind, src: '/favicon.ico' };
    case 'clock': return { ...box, kind, format: 'time' };
    case 'qr': return { ...box, kind, text: 'https://example.com', color: '#000000', background: '#ffffff' };
    case 'price_table': return { ...box, kind, font_size: 40, rows: [{ label: '{{room}}', price: '{{price}}' }] };
  }
}

/** The style's starting layout: the route picks it, so tp_hotel opens on a welcome screen, price tags on a price table. */
export function defaultLayout(preset: TemplatePreset): TemplateLayout {
  const p = PRESETS[preset];
  const { width, height, accent } = p;
  const text = (id: string, y: number, t: string, size: number) =>
    ({ id, kind: 'text' as const, x: 80, y, w: width - 160, h: Math.round(size * 1.6), text: t, color: accent, font_size: size, align: 'center' as const });
  const clock = { id: 'clock', kind: 'clock' as const, x: width - 420, y: 40, w: 360, h: 90, format: 'time' as const, color: accent, font_size: 64, align: 'right' as const };
  const marquee = { id: 'marquee', kind: 'marquee' as const, x: 0, y: height - 100, w: width, h: 100, text: 'Welcome', color: accent, font_size: 48 };
  const elements: TemplateElement[] = (() => {
    switch (preset) {
      case 'hotel':
        return [clock, text('welcome', Math.round(height * 0.3), 'Welcome, {{guest}}', 96), text('room', Math.round(height * 0.5), 'Room {{room}}', 72), marquee];
      case 'housepricetag_hs':
      case 'housepricetag_vs':
        return [
          text('title', 80, 'Room {{room}}', 80),
          { id: 'prices', kind: 'price_table', x: 80, y: 320, w: width - 160, h: Math.round(height * 0.4), color: '#222222', font_size: 48, rows: [{ label: 'Price', price: '{{price}}' }] },
        ];
      default:
        return [clock, text('title', Math.round(height * 0.35), p.title.en, 88), marquee];
    }
  })();
  return { width, height, background: p.background, elements };
}
