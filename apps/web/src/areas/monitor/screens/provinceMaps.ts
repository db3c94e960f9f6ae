/**
 * The cities of each province, for the big-data map's drill-down: antvis's `china-geojson` (MIT, pinned), one file
 * per province loaded only when someone opens that province. Keys are the provinces' short names, as devices store
 * them (`CHINA_PROVINCES`). Features are prefecture-level cities (districts for the four municipalities).
 */
export const PROVINCE_CITY_MAPS: Readonly<Record<string, () => Promise<{ default: unknown }>>> = {
  '安徽': () => import('china-geojson/src/geojson/an_hui_geo.json'),
  '澳门': () => import('china-geojson/src/geojson/ao_men_geo.json'),
  '北京': () => import('china-geojson/src/geojson/bei_jing_geo.json'),
  '重庆': () => import('china-geojson/src/geojson/chong_qing_geo.json'),
  '福建': () => import('china-geojson/src/geojson/fu_jian_geo.json'),
  '甘肃': () => import('china-geojson/src/geojson/gan_su_geo.json'),
  '广东': () => import('china-geojson/src/geojson/guang_dong_geo.json'),
  '广西': () => import('china-geojson/src/geojson/guang_xi_geo.json'),
  '贵州': () => import('china-geojson/src/geojson/gui_zhou_geo.json'),
  '海南': () => import('china-geojson/src/geojson/hai_nan_geo.json'),
  '河北': () => import('china-geojson/src/geojson/he_bei_geo.json'),
  '河南': () => import('china-geojson/src/geojson/he_nan_geo.json'),
  '黑龙江': () => import('china-geojson/src/geojson/hei_long_jiang_geo.json'),
  '湖北': () => import('china-geojson/src/geojson/hu_bei_geo.json'),
  '湖南': () => import('china-geojson/src/geojson/hu_nan_geo.json'),
  '吉林': () => import('china-geojson/src/geojson/ji_lin_geo.json'),
  '江苏': () => import('china-geojson/src/geojson/jiang_su_geo.json'),
  '江西': () => import('china-geojson/src/geojson/jiang_xi_geo.json'),
  '辽宁': () => import('china-geojson/src/geojson/liao_ning_geo.json'),
  '内蒙古': () => import('china-geojson/src/geojson/nei_meng_gu_geo.json'),
  '宁夏': () => import('china-geojson/src/geojson/ning_xia_geo.json'),
  '青海': () => import('china-geojson/src/geojson/qing_hai_geo.json'),
  '山东': () => import('china-geojson/src/geojson/shan_dong_geo.json'),
  '陕西': () => import('china-geojson/src/geojson/shan_xi_1_geo.json'),
  '山西': () => import('china-geojson/src/geojson/shan_xi_2_geo.json'),
  '上海': () => import('china-geojson/src/geojson/shang_hai_geo.json'),
  '四川': () => import('china-geojson/src/geojson/si_chuan_geo.json'),
  '台湾': () => import('china-geojson/src/geojson/tai_wan_geo.json'),
  '天津': () => import('china-geojson/src/geojson/tian_jin_geo.json'),
  '西藏': () => import('china-geojson/src/geojson/xi_zang_geo.json'),
  '香港': () => import('china-geojson/src/geojson/xiang_gang_geo.json'),
  '新疆': () => import('china-geojson/src/geojson/xin_jiang_geo.json'),
  '云南': () => import('china-geojson/src/geojson/yun_nan_geo.json'),
  '浙江': () => import('china-geojson/src/geojson/zhe_jiang_geo.json'),
};

/** A city's name without its administrative suffix, so a device's `深圳` finds the map's `深圳市`. */
export function cityKey(name: string): string {
  return name.trim().replace(/(特别行政区|自治州|地区|林区|盟|市|区|县)$/, '');
}

/**
 * Which of the map's features a stored city names: the feature whose short name starts with the city's
 * (`恩施` → `恩施土家族苗族自治州`); none when the city is not on the map (a typo, or a district of a municipality).
 */
export function featureOfCity(city: string, features: readonly string[]): string | undefined {
  const key = cityKey(city);
  if (key.length < 2) return features.find((f) => f === city);
  return features.find((f) => cityKey(f) === key) ?? features.find((f) => cityKey(f).startsWith(key));
}
