import type { ExportedFile } from '../../../shared/ipc/schemas';

/**
 * Hands an exported file to the user as a download. Works the same in Electron (where the session
 * asks where to save it) and in the browser shell.
 */
export function downloadFile(file: ExportedFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
