import { TEMPLATE_PATH } from '@gx/contract';
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
