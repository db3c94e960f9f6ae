import { pluginVersionResource } from '@gx/contract';
import { requestData } from '../../api/request';

/** The plugin library's call beside the generated resource methods: a version's upload. */

export interface PluginUpload {
  plugin_id: number;
  version: string;
  notes: string;
  file: File;
}

/** Uploads a version as multipart; the server answers its size and SHA-256. */
export function uploadPluginVersion(v: PluginUpload): Promise<{ id: number; sha256: string; file_size: number }> {
  const form = new FormData();
  form.append('method', 'upload');
  // The fields before the file: the server reads them while the file streams to disk.
  form.append('plugin_id', String(v.plugin_id));
  form.append('version', v.version);
  form.append('notes', v.notes);
  form.append('file', v.file, v.file.name);
  return requestData(pluginVersionResource.path, form);
}
