import { TEMPLATE_PATH, WEATHER_PATH, type WeatherNow } from '@gx/contract';
import { requestData } from '../../../api/request';
import { uploadImage } from '../../../resources/uploadImage';

/** Uploads an image element's picture (JPEG/PNG/GIF under 10 MB, checked here first); answers its URL, or null when refused. */
export function uploadTemplateImage(file: File): Promise<string | null> {
  return uploadImage(TEMPLATE_PATH, 'upload_image', file);
}

/** A weather element's preview: the city's weather as screens will get it; null when the city is unknown. */
export async function fetchWeather(city: string): Promise<WeatherNow | null> {
  try {
    return await requestData<WeatherNow>(WEATHER_PATH, { method: 'now', city }, { silent: true, loading: false });
  } catch {
    return null;
  }
}
