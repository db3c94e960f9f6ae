import { useEffect, useState, type CSSProperties } from 'react';
import { QRCode } from 'antd';
import { WEATHER_LABELS, fillFields, type BoundValues, type TemplateElement, type TemplateLayout, type WeatherNow } from '@gx/contract';
import './studio.css';

/** The wall clock, ticking each second, for clock elements. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function Clock({ format }: { format: 'time' | 'datetime' }) {
  const now = useNow();
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return <>{format === 'datetime' ? `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${time}` : time}</>;
}

/** The current weather of a city as a screen shows it: condition, temperature, today's range; '—' until known. */
function Weather({ city, lang, now }: { city: string; lang: 'zh_CN' | 'en'; now: WeatherNow | undefined }) {
  if (!now) return <div className="studio-text">{`${city} —`}</div>;
  return (
    <div className="studio-weather">
      <span>{city}</span>
      <strong>{`${now.temp_c}°C`}</strong>
      <span>{`${WEATHER_LABELS[now.condition][lang]} ${now.low_c}–${now.high_c}°C`}</span>
    </div>
  );
}

/** Cities' weather for the layout's weather elements: the render answer's, or the editor's previews. */
export type WeatherByCity = Record<string, WeatherNow>;

/** One element's content at canvas scale 1; the editor and the public render share it, so what is designed is what plays. */
export function ElementBody({ el, fields, weather = {} }: { el: TemplateElement; fields: BoundValues; weather?: WeatherByCity }) {
  const fill = (s: string) => fillFields(s, fields);
  switch (el.kind) {
    case 'text':
      return <div className="studio-text">{fill(el.text)}</div>;
    case 'marquee':
      return <div className="studio-marquee"><span>{fill(el.text)}</span></div>;
    case 'image':
      return <img className="studio-image" src={el.src} alt="" draggable={false} />;
    case 'video':
      // Muted, so browsers let it start by itself; looped, as a screen plays it all day.
      return <video className="studio-image" src={el.src} autoPlay muted loop playsInline />;
    case 'weather':
      return <Weather city={el.city} lang={el.lang} now={weather[el.city]} />;
    case 'clock':
      return <div className="studio-text"><Clock format={el.format} /></div>;
    case 'qr':
      return <QRCode value={fill(el.text) || ' '} size={Math.min(el.w, el.h)} bordered={false} color={el.color ?? '#000000'} bgColor={el.background ?? '#ffffff'} />;
    case 'price_table':
      return (
        <table className="studio-prices">
          <tbody>
            {el.rows.map((r, i) => <tr key={i}><td>{fill(r.label)}</td><td>{fill(r.price)}</td></tr>)}
          </tbody>
        </table>
      );
  }
}

export function elementStyle(el: TemplateElement): CSSProperties {
  return {
    left: el.x, top: el.y, width: el.w, height: el.h,
    color: el.color, background: el.kind === 'qr' ? undefined : el.background,
    fontSize: el.font_size, textAlign: el.align,
    justifyContent: el.align === 'center' ? 'center' : el.align === 'right' ? 'flex-end' : 'flex-start',
  };
}

/** A whole layout at scale 1 (the caller scales it), for the render page and previews. */
export function LayoutView({ layout, fields, weather }: { layout: TemplateLayout; fields: BoundValues; weather?: WeatherByCity }) {
  return (
    <div className="studio-canvas" style={{ width: layout.width, height: layout.height, background: layout.background }}>
      {layout.elements.map((el) => (
        <div key={el.id} className="studio-el" style={elementStyle(el)} data-kind={el.kind}>
          <ElementBody el={el} fields={fields} weather={weather} />
        </div>
      ))}
    </div>
  );
}

/** Scale that fits a `w`×`h` stage into the box (letterboxed). */
export function fitScale(boxW: number, boxH: number, w: number, h: number): number {
  return Math.max(0.05, Math.min(boxW / w, boxH / h));
}
