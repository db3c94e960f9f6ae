import { describe, expect, it } from 'vitest';
import { CHINA_PROVINCES } from '@gx/contract';
import { featureOfCity, PROVINCE_CITY_MAPS } from './provinceMaps';

describe('the big-data map\'s city maps', () => {
  it('has a city map for every province a device may name', () => {
    expect(CHINA_PROVINCES.map((p) => p.name).filter((name) => !PROVINCE_CITY_MAPS[name])).toEqual([]);
  });

  it('finds the map\'s city for a stored city, with or without its suffix, and nothing for a stranger', async () => {
    const geo = (await PROVINCE_CITY_MAPS['广东']!()).default as { features: { properties: { name: string } }[] };
    const names = geo.features.map((f) => f.properties.name);
    expect(names).toContain('深圳市');
    expect(featureOfCity('深圳', names)).toBe('深圳市');
    expect(featureOfCity('深圳市', names)).toBe('深圳市');
    expect(featureOfCity(' 广州 ', names)).toBe('广州市');
    expect(featureOfCity('Atlantis', names)).toBeUndefined();
    expect(featureOfCity('市', names)).toBeUndefined();
    const hubei = ((await PROVINCE_CITY_MAPS['湖北']!()).default as { features: { properties: { name: string } }[] }).features.map((f) => f.properties.name);
    expect(featureOfCity('恩施', hubei)).toMatch(/^恩施/);
  });
});
