import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dialog, type BrowserWindow } from 'electron';
import type { FileToSave, SaveResult } from '../services/files/createDownloads';

/** Asks where to save a file (the system's save dialog, in the Downloads folder by default), then streams it there. */
export async function saveWithDialog(window: BrowserWindow | undefined, file: FileToSave): Promise<SaveResult> {
  const extension = file.name.split('.').pop() ?? '';
  const options = { defaultPath: file.name, filters: [{ name: extension.toUpperCase(), extensions: [extension] }] };
  const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (chosen.canceled || !chosen.filePath) return { kind: 'cancelled' };
  await pipeline(Readable.from(file.chunks()), fs.createWriteStream(chosen.filePath));
  return { kind: 'saved', path: chosen.filePath };
}
