import { dialog, type BrowserWindow } from 'electron';
import type { FileToSave, SaveResult } from '../services/files/createDownloads';
import { writeFileAtomically } from '../services/files/writeFileAtomically';

/**
 * Asks where to save a file (the system's save dialog, in the Downloads folder by default), then streams it
 * there through a part file: a failed or cancelled save leaves nothing under the chosen name.
 */
export async function saveWithDialog(window: BrowserWindow | undefined, file: FileToSave): Promise<SaveResult> {
  const extension = file.name.split('.').pop() ?? '';
  const options = { defaultPath: file.displayName ?? file.name, filters: [{ name: extension.toUpperCase(), extensions: [extension] }] };
  const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (chosen.canceled || !chosen.filePath) return { kind: 'cancelled' };
  await writeFileAtomically(chosen.filePath, file.chunks(), { lent: file.lent ?? false });
  return { kind: 'saved', path: chosen.filePath };
}
