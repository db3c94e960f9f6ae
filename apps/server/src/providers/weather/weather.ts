import { createHash } from 'node:crypto';
import { WEATHER_CONDITIONS, type WeatherCondition, type WeatherNow } from '@gx/contract';
import type { Config } from '../../config';

/**
 * The weather screens show, behind one small interface. `local` is a deterministic stand-in (the same city, day and
 * hour always give the same weather, so screens and tests agree without a network); `qweather` calls QWeather's
 * documented API. Answers are cached per city for ten minutes (a wall of screens asks once).
 */
export interface WeatherProvider {
  readonly name: 'local' | 'qweather';
  /** The current weather of `city`, or null when the provider does not know the city (or cannot be reached). */
  now(city: string, at: Date): Promise<WeatherNow | null>;
}

/** Seasonal temperature and a condition from the city, the day and the hour: plausible, stable, no network. */
export function localWeather(): WeatherProvider {
  return {
    name: 'local',
    async now(city, at) {
      const hour = at.toISOString().slice(0, 13);
      const h = createHash('sha256').update(`${city.toLowerCase()}|${hour.slice(0, 10)}`).digest();
      const month = at.getUTCMonth();
      // Northern-hemisphere seasons: coldest in January, warmest in July; the city shifts it by up to ±8 °C.
      const season = -Math.cos(((month + 0.5) / 12) * 2 * Math.PI) * 12 + 14;
      const base = Math.round(season + ((h[0]! % 17) - 8));
      const hourOfDay = Number(hour.slice(11, 13));
      const daily = Math.round(4 * Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI));
      const cold = base < 1;
      const pick = WEATHER_CONDITIONS[h[1]! % WEATHER_CONDITIONS.length]!;
      const condition: WeatherCondition = pick === 'snow' && !cold ? 'rain' : pick === 'rain' && cold ? 'snow' : pick;
      return { city, condition, temp_c: base + daily, high_c: base + 4, low_c: base - 4, observed_at: `${hour}:00:00.000Z` };
    },
  };
}

interface QweatherLookup { code?: string; location?: { id: string; name: string }[] }
interface QweatherNow { code?: string; updateTime?: string; now?: { temp: string; icon: string; obsTime?: string } }
interface QweatherDaily { code?: string; daily?: { tempMax: string; tempMin: string }[] }

/** QWeather icon codes (100–104 clear to overcast, 300–399 rain, 400–499 snow, 500–515 fog and haze). */
export function conditionOfIcon(icon: string): WeatherCondition {
  const n = Number(icon);
  if (n === 100 || n === 150) return 'sunny';
  if ((n >= 101 && n <= 103) || (n >= 151 && n <= 153)) return 'cloudy';
  if (n === 104) return 'overcast';
  if (n >= 300 && n < 400) return 'rain';
  if (n >= 400 && n < 500) return 'snow';
  if (n >= 500 && n < 600) return 'fog';
  return 'cloudy';
}

/**
 * QWeather (dev.qweather.com): `GET /geo/v2/city/lookup?location=<name>&key` → `location[0].id`, then
 * `GET /v7/weather/now?location=<id>&key` → `now.temp`, `now.icon`, and `GET /v7/weather/3d?location=<id>&key` →
 * `daily[0].tempMax/tempMin`; every answer carries `code` "200" when it worked.
 */
export function qweather(o: { key: string; apiHost: string; geoHost: string; fetch?: typeof fetch }): WeatherProvider {
  const doFetch = o.fetch ?? fetch;
  const get = async <T>(url: string): Promise<T> => (await (await doFetch(url, { signal: AbortSignal.timeout(8000) })).json()) as T;
  const ids = new Map<string, string>();
  return {
    name: 'qweather',
    async now(city) {
      try {
        const key = encodeURIComponent(o.key);
        let id = ids.get(city);
        if (!id) {
          const found = await get<QweatherLookup>(`${o.geoHost}/geo/v2/city/lookup?location=${encodeURIComponent(city)}&key=${key}`);
          id = found.code === '200' ? found.location?.[0]?.id : undefined;
          if (!id) return null;
          ids.set(city, id);
        }
        const [now, days] = await Promise.all([
          get<QweatherNow>(`${o.apiHost}/v7/weather/now?location=${id}&key=${key}`),
          get<QweatherDaily>(`${o.apiHost}/v7/weather/3d?location=${id}&key=${key}`),
        ]);
        if (now.code !== '200' || !now.now) return null;
        const temp = Math.round(Number(now.now.temp));
        const today = days.code === '200' ? days.daily?.[0] : undefined;
        return {
          city, condition: conditionOfIcon(now.now.icon), temp_c: temp,
          high_c: today ? Math.round(Number(today.tempMax)) : temp, low_c: today ? Math.round(Number(today.tempMin)) : temp,
          observed_at: new Date(now.now.obsTime ?? now.updateTime ?? Date.now()).toISOString(),
        };
      } catch {
        return null;
      }
    },
  };
}

const CACHE_MS = 10 * 60_000;

/** Answers per city kept ten minutes (the provider's own answers change no faster). */
export function cachedWeather(inner: WeatherProvider): WeatherProvider {
  const kept = new Map<string, { at: number; value: WeatherNow | null }>();
  return {
    name: inner.name,
    async now(city, at) {
      const k = city.toLowerCase();
      const hit = kept.get(k);
      if (hit && at.getTime() - hit.at < CACHE_MS && at.getTime() >= hit.at) return hit.value;
      const value = await inner.now(city, at);
      if (kept.size > 1000) kept.clear();
      kept.set(k, { at: at.getTime(), value });
      return value;
    },
  };
}

export function weatherFromConfig(config: Config): WeatherProvider {
  const w = config.weather;
  return cachedWeather(w.provider === 'qweather' ? qweather({ key: w.key, apiHost: w.apiHost, geoHost: w.geoHost }) : localWeather());
}
