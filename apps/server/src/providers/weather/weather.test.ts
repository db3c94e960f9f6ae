import { describe, expect, it } from 'vitest';
import { WEATHER_CONDITIONS } from '@gx/contract';
import { cachedWeather, conditionOfIcon, localWeather, qweather, type WeatherProvider } from './weather';

describe('weather providers', () => {
  it('local: the same city and hour always give the same weather, plausible for the season', async () => {
    const w = localWeather();
    const at = new Date('2026-07-15T06:30:00Z');
    const a = await w.now('上海', at);
    expect(await w.now('上海', new Date('2026-07-15T06:59:00Z'))).toEqual(a);
    expect(WEATHER_CONDITIONS).toContain(a!.condition);
    expect(a!.low_c).toBeLessThan(a!.high_c);
    expect(a!.temp_c).toBeGreaterThan(5);
    const winter = await w.now('Harbin', new Date('2026-01-15T06:30:00Z'));
    expect(winter!.temp_c).toBeLessThan(a!.temp_c + 30);
    expect(['snow', 'sunny', 'cloudy', 'overcast', 'fog', 'rain']).toContain(winter!.condition);
  });

  it('qweather: looks the city up once, then reads now and today\'s range as documented', async () => {
    const calls: string[] = [];
    const answers: Record<string, unknown> = {
      '/geo/v2/city/lookup': { code: '200', location: [{ id: '101020100', name: '上海' }] },
      '/v7/weather/now': { code: '200', now: { temp: '27', icon: '305', obsTime: '2026-07-15T14:20+08:00' } },
      '/v7/weather/3d': { code: '200', daily: [{ tempMax: '31', tempMin: '25' }] },
    };
    const fake = (async (url: string) => {
      calls.push(url);
      const path = new URL(url).pathname;
      return new Response(JSON.stringify(answers[path] ?? { code: '404' }));
    }) as typeof fetch;
    const w = qweather({ key: 'k', apiHost: 'https://api.example', geoHost: 'https://geo.example', fetch: fake });
    const now = await w.now('上海', new Date());
    expect(now).toEqual({ city: '上海', condition: 'rain', temp_c: 27, high_c: 31, low_c: 25, observed_at: '2026-07-15T06:20:00.000Z' });
    await w.now('上海', new Date());
    expect(calls.filter((c) => c.includes('/geo/')).length).toBe(1);
    expect(calls[0]).toBe('https://geo.example/geo/v2/city/lookup?location=%E4%B8%8A%E6%B5%B7&key=k');
    answers['/geo/v2/city/lookup'] = { code: '404' };
    expect(await w.now('Atlantis', new Date())).toBeNull();
  });

  it('reads QWeather icon codes as conditions', () => {
    expect(['100', '101', '104', '305', '401', '501', '999'].map(conditionOfIcon)).toEqual(['sunny', 'cloudy', 'overcast', 'rain', 'snow', 'fog', 'cloudy']);
  });

  it('asks its provider once per city every ten minutes', async () => {
    let asked = 0;
    const inner: WeatherProvider = { name: 'local', now: async (city) => { asked += 1; return { city, condition: 'sunny', temp_c: 20, high_c: 22, low_c: 18, observed_at: '' }; } };
    const w = cachedWeather(inner);
    const t0 = new Date('2026-07-15T06:00:00Z');
    await w.now('Shanghai', t0);
    await w.now('shanghai', new Date(t0.getTime() + 9 * 60_000));
    expect(asked).toBe(1);
    await w.now('Shanghai', new Date(t0.getTime() + 11 * 60_000));
    expect(asked).toBe(2);
  });
});
