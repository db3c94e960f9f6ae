import { articleResource } from '@gx/contract';
import { requestData } from '../../api/request';
import { toast } from '../../api/feedback';
import i18n from '../../locales';
import { imageFileProblem } from '../../utils/imageFile';

/**
 * Uploads an article image (cover or body) through `upload_image`: JPEG/PNG under 10 MB, checked by content here
 * first (a refused file says why and is not sent). Answers the URL it is served at, or null when it was refused.
 */
export async function uploadArticleImage(file: File): Promise<string | null> {
  const problem = await imageFileProblem(file);
  if (problem) {
    toast('error', i18n.t(problem));
    return null;
  }
  const body = new FormData();
  body.append('method', 'upload_image');
  body.append('file', file);
  try {
    return (await requestData<{ url: string }>(articleResource.path, body, { quietSuccess: true, loading: false })).url;
  } catch {
    // The request wrapper has shown why.
    return null;
  }
}
