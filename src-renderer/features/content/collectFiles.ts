import type { UploadEntry } from '../../../src-shared/content/contentTypes';

/** A file or folder to upload, by its path inside the upload. */
export interface PickedItem {
  path: string;
  file?: File;
}

/** Files from a file input: their folder paths (`webkitRelativePath`) when a folder was picked. */
export function itemsFromFileList(files: FileList | readonly File[]): PickedItem[] {
  return withFolders(Array.from(files, (file) => ({ path: cleanPath(file.webkitRelativePath || file.name), file })));
}

/**
 * What was dropped: folders walked through the entries API (so a dropped folder keeps its tree, empty
 * folders included); where a browser gives no entries, the plain files, with their relative paths if any.
 */
export async function itemsFromDrop(transfer: DataTransfer): Promise<PickedItem[]> {
  const entries = Array.from(transfer.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) {
    const items: PickedItem[] = [];
    for (const entry of entries) await walk(entry!, '', items);
    return withFolders(items);
  }
  return itemsFromFileList(transfer.files);
}

async function walk(entry: FileSystemEntry, prefix: string, items: PickedItem[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    items.push({ path, file });
    return;
  }
  items.push({ path });
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, path, items);
  }
}

function cleanPath(path: string): string {
  return path
    .split(/[\\/]+/)
    .filter((part) => part !== '' && part !== '.' && part !== '..')
    .join('/');
}

/** Adds every parent folder before its contents, and orders folders first, each once. */
function withFolders(items: PickedItem[]): PickedItem[] {
  const seen = new Set<string>();
  const out: PickedItem[] = [];
  const addFolder = (path: string) => {
    if (seen.has(path)) return;
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    if (parent) addFolder(parent);
    seen.add(path);
    out.push({ path });
  };
  for (const item of items) {
    if (!item.path) continue;
    if (!item.file) addFolder(item.path);
    else {
      const parent = item.path.includes('/') ? item.path.slice(0, item.path.lastIndexOf('/')) : '';
      if (parent) addFolder(parent);
      if (seen.has(item.path)) continue;
      seen.add(item.path);
      out.push(item);
    }
  }
  return out;
}

/** The upload's entries, as main takes them. */
export function uploadEntries(items: readonly PickedItem[]): UploadEntry[] {
  return items.map((item) => (item.file ? { path: item.path, kind: 'file', size: item.file.size } : { path: item.path, kind: 'directory', size: 0 }));
}
