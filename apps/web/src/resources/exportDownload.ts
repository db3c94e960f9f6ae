import type { ExportAnswer } from '../api/resource';

/** Saves an export answer (base64 inside the envelope) as the file it is, under the server's file name. */
export function downloadExport(file: ExportAnswer): void {
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimetype }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
