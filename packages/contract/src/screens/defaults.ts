import { PRESETS, type TemplatePreset } from './presets';
import type { TemplateElement, TemplateLayout } from './templates';

/** The style's starting layout: the route picks it, so tp_hotel opens on a welcome screen, price tags on a price table. */
export function defaultLayoutFor(preset: TemplatePreset): TemplateLayout {
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
