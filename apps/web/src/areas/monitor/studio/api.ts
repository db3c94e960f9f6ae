import { TEMPLATE_PATH, WEATHER_PATH, type WeatherNow } from '@gx/contract';
import { requestData } from '../../../api/request';
import { toast } from '../../../api/feedback';
import i18n from '../../../locales';
import { imageFileProblem } from '../../../utils/imageFile';

/** Uploads an image element's picture (JPEG/PNG under 10 MB, checked here first); answers its URL, or null when refused. */
export async function uploadTemplateImage(file: File): Promise<string | null> {
  const problem = await imageFileProblem(file);
  if (problem) {
    toast('error', i18n.t(problem));
    return null;
  }
  const body = new FormData();
  body.append('method', 'upload_image');
  body.append('file', file);
  try {
    return (await requestData<{ url: string }>(TEMPLATE_PATH, body, { quietSuccess: true, loading: false })).url;
  } catch {
    // The request wrapper has shown why.
    return null;
  }
}

/** A weather element's preview: the city's weather as screens will get it; null when the city is unknown. */
export async function fetchWeather(city: string): Promise<WeatherNow | null> {
  try {
    return await requestData<WeatherNow>(WEATHER_PATH, { method: 'now', city }, { silent: true, loading: false });
  } catch {
    return null;
  }
}
