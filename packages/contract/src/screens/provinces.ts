import type { Label } from '../resources/types';

/**
 * China's provincial-level divisions as the big-data screen's map names them (the short names of the map data in
 * the console), with an English name and the capital's position for sites drawn on the map (SD-WAN screen).
 */
export interface Province { name: string; en: string; lng: number; lat: number }

const p = (name: string, en: string, lng: number, lat: number): Province => ({ name, en, lng, lat });

export const CHINA_PROVINCES: readonly Province[] = [
  p('北京', 'Beijing', 116.41, 39.9), p('天津', 'Tianjin', 117.2, 39.13), p('河北', 'Hebei', 114.5, 38.05),
  p('山西', 'Shanxi', 112.55, 37.87), p('内蒙古', 'Inner Mongolia', 111.67, 40.82), p('辽宁', 'Liaoning', 123.43, 41.8),
  p('吉林', 'Jilin', 125.32, 43.9), p('黑龙江', 'Heilongjiang', 126.64, 45.76), p('上海', 'Shanghai', 121.47, 31.23),
  p('江苏', 'Jiangsu', 118.78, 32.04), p('浙江', 'Zhejiang', 120.15, 30.28), p('安徽', 'Anhui', 117.28, 31.86),
  p('福建', 'Fujian', 119.3, 26.08), p('江西', 'Jiangxi', 115.89, 28.68), p('山东', 'Shandong', 117, 36.65),
  p('河南', 'Henan', 113.65, 34.76), p('湖北', 'Hubei', 114.31, 30.52), p('湖南', 'Hunan', 112.98, 28.19),
  p('广东', 'Guangdong', 113.28, 23.13), p('广西', 'Guangxi', 108.32, 22.82), p('海南', 'Hainan', 110.35, 20.02),
  p('重庆', 'Chongqing', 106.5, 29.53), p('四川', 'Sichuan', 104.07, 30.67), p('贵州', 'Guizhou', 106.71, 26.58),
  p('云南', 'Yunnan', 102.71, 25.04), p('西藏', 'Tibet', 91.13, 29.66), p('陕西', 'Shaanxi', 108.95, 34.27),
  p('甘肃', 'Gansu', 103.82, 36.06), p('青海', 'Qinghai', 101.78, 36.62), p('宁夏', 'Ningxia', 106.28, 38.47),
  p('新疆', 'Xinjiang', 87.62, 43.79), p('台湾', 'Taiwan', 121.51, 25.04), p('香港', 'Hong Kong', 114.17, 22.32),
  p('澳门', 'Macau', 113.55, 22.2),
];

export const PROVINCE_NAMES = CHINA_PROVINCES.map((x) => x.name);

/** Select options of a device's province (stored as the short Chinese name the map uses). */
export const PROVINCE_OPTIONS: { value: string; label: Label }[] = CHINA_PROVINCES.map((x) => ({ value: x.name, label: { zh_CN: x.name, en: x.en } }));

export function provinceOf(name: string): Province | undefined {
  return CHINA_PROVINCES.find((x) => x.name === name);
}
