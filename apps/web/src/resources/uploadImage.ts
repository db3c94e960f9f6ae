import { requestData } from '../api/request';
import { toast } from '../api/feedback';
import i18n from '../locales';
import { imageFileProblem } from '../utils/imageFile';

/**
 * Stores a content image through a resource's upload method (multipart `file`, answered `{ url }`): JPEG/PNG/GIF under 10 MB,
 * checked by content here first (a refused file says why and is not sent). Answers its URL, or null when refused.
 */
export async function uploadImage(path: string, method: string, file: File): Promise<string | null> {
  const problem = await imageFileProblem(file, { gif: true });
  if (problem) {
    toast('error', i18n.t(problem));
    return null;
  }
  const body = new FormData();
  body.append('method', method);
  body.append('file', file);
  try {
    return (await requestData<{ url: string }>(path, body, { quietSuccess: true, loading: false })).url;
  } catch {
    // The request wrapper has shown why.
    return null;
  }
}
