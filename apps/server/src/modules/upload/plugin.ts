import { defineServerArea } from '../../http/area';
import { registerUploads } from './serve';

/** Uploaded images, served by GET (uploading is a method of the endpoint that owns the image). */
export const uploadArea = defineServerArea({ key: 'upload', plugin: registerUploads });
