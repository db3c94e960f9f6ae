import type { ExportAnswer } from '../api/resource';

/** Saves an export answer (base64 inside the envelope) as the file it is, under the server's file name. */
export function downloadExport(file: ExportAnswer): void {
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  saveFile(new Blob([bytes], { type: file.mimetype }), file.filename);
}

/** Hands a file to the browser's downloads under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
