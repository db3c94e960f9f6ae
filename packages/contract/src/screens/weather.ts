import { z } from 'zod';
import type { Label } from '../resources/types';

/**
 * The weather a screen's weather element shows: the current conditions of a city, as the server's weather provider
 * answers them (a local, deterministic stand-in by default; QWeather with a key, README). Cached per city.
 */
export const WEATHER_CONDITIONS = ['sunny', 'cloudy', 'overcast', 'rain', 'snow', 'fog'] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

export const WEATHER_LABELS: Record<WeatherCondition, Label> = {
  sunny: { zh_CN: '晴', en: 'Sunny' },
  cloudy: { zh_CN: '多云', en: 'Cloudy' },
  overcast: { zh_CN: '阴', en: 'Overcast' },
  rain: { zh_CN: '雨', en: 'Rain' },
  snow: { zh_CN: '雪', en: 'Snow' },
  fog: { zh_CN: '雾', en: 'Fog' },
};

export interface WeatherNow {
  city: string;
  condition: WeatherCondition;
  temp_c: number;
  high_c: number;
  low_c: number;
  /** When the provider observed it (ISO 8601). */
  observed_at: string;
}

/** A city a weather element names: letters of any script, spaces and `-`, as a person writes it ("上海", "Hong Kong"). */
export const zWeatherCity = z.string().trim().min(1, 'validation.required').max(32, 'validation.tooLong')
  .regex(/^[\p{L}][\p{L} .'-]*$/u, 'validation.invalid');

/** `POST /v3/admin/monitor/weather`: the editor's preview of a weather element. */
export const WEATHER_PATH = '/admin/monitor/weather';
export const weatherBody = z.object({ method: z.literal('now').optional(), city: zWeatherCity }).strict();
