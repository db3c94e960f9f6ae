import { articleResource } from '@gx/contract';
import { uploadImage } from '../../resources/uploadImage';

/** Uploads an article image (the cover) through `upload_image`; answers its URL, or null when it was refused. */
export function uploadArticleImage(file: File): Promise<string | null> {
  return uploadImage(articleResource.path, 'upload_image', file);
}
