import type { ContentSaveEvent } from '../../../src-shared/content/contentTypes';
import type { SaveFile } from '../files/createDownloads';
import { ContentError } from './contentErrors';
import type { CommandAnswer } from './kuboCommand';
import { sleep } from '../rpc/sleep';

/** Progress is sent at most this often. */
const PROGRESS_MS = 150;
/** How long a resumable save waits for a store that broke off (gone, restarting) before it fails. */
export const STORE_GONE_WAIT_MS = 90_000;
/** Pauses between tries while the store is gone. */
const STORE_GONE_RETRY_MS = [250, 500, 1_000, 2_000];
/** A download the window has not started within this time is given up. */
const UNCLAIMED_MS = 90_000;

/**
 * A download name: letters, digits, dots, dashes and underscores (what the web host's downloads accept), at most
 * `maxLength`. Accents are dropped rather than replaced (`Über.txt` → `Uber.txt`), and a long name keeps its extension.
 */
export function plainFileName(name: string, fallback: string, maxLength = 120): string {
  const whole = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '');
  const extension = /\.[\w-]{1,16}$/.exec(whole)?.[0] ?? '';
  const plain = whole.length <= maxLength ? whole : extension.length * 2 <= maxLength ? `${whole.slice(0, maxLength - extension.length)}${extension}` : whole.slice(0, maxLength);
  return plain === '' || /^_+$/.test(plain) ? fallback : plain;
}

/**
 * Saves a store's answer through the shell's way of saving (a dialog and a part file in Electron, a one-time
 * download in the web host), streaming: chunks are read from the store only as fast as they are written, and
 * counted for progress. Ends when the file is complete; a cancel (the signal) stops the store's answer, and
 * the shell's writer leaves no partial file under the chosen name. When `resumable` (`open` reads from an
 * offset), a transfer the store broke off (a cut connection, a store that does not answer) is taken up again
 * where it stopped once the store answers, for up to {@link STORE_GONE_WAIT_MS}, with a `waiting` note in the
 * progress meanwhile. `lent`: the answers' chunks are lent (kuboCommand's `lend`), and so are the file's.
 */
export async function saveContent(
  open: (offset: number) => Promise<CommandAnswer>,
  file: { name: string; displayName?: string; type: string; total: number | null },
  saveFile: SaveFile,
  emit: (event: ContentSaveEvent) => void,
  signal: AbortSignal,
  options: { resumable?: boolean; lent?: boolean } = {},
): Promise<void> {
  let bytes = 0;
  let lastSent = 0;
  let claimed = false;
  let settled = false;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const transferred = new Promise<void>((resolve, reject) => (settle = { resolve, reject })).finally(() => (settled = true));
  transferred.catch(() => undefined);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    claimed = true;
    try {
      for (let tries = 0, goneSince: number | undefined; ; ) {
        try {
          const answer = await open(bytes);
          for await (const chunk of answer.body) {
            if (signal.aborted) throw new ContentError('CANCELLED', 'The save was cancelled.');
            bytes += chunk.byteLength;
            const now = Date.now();
            if (now - lastSent >= PROGRESS_MS || goneSince !== undefined) {
              lastSent = now;
              goneSince = undefined;
              tries = 0;
              emit({ kind: 'progress', bytes, total: file.total });
            }
            yield chunk;
          }
          break;
        } catch (error) {
          if (!options.resumable || signal.aborted || !storeBrokeOff(error)) throw error;
          goneSince ??= Date.now();
          if (Date.now() - goneSince >= STORE_GONE_WAIT_MS) throw error;
          const seconds = Math.round((Date.now() - goneSince) / 1000);
          emit({
            kind: 'progress',
            bytes,
            total: file.total,
            waiting: `The store stopped answering ${seconds < 1 ? 'just now' : `${seconds} s ago`}. The save waits for it and goes on from ${bytes.toLocaleString('en-US')} bytes.`,
          });
          await sleep(STORE_GONE_RETRY_MS[Math.min(tries++, STORE_GONE_RETRY_MS.length - 1)]!, signal).catch(() => {
            throw new ContentError('CANCELLED', 'The save was cancelled.');
          });
        }
      }
      settle!.resolve();
    } catch (error) {
      settle!.reject(error);
      throw error;
    } finally {
      // The reader stopped early (the window's download was cancelled, the file could not be written).
      if (!settled) settle!.reject(new ContentError('CANCELLED', 'The save stopped before the end of the file.'));
    }
  }
  const result = await saveFile({ name: file.name, ...(file.displayName ? { displayName: file.displayName } : {}), type: file.type, ...(options.lent ? { lent: true } : {}), chunks });
  if (result.kind === 'cancelled') return emit({ kind: 'cancelled' });
  if (result.kind === 'saved') {
    await transferred;
    emit({ kind: 'progress', bytes, total: file.total });
    return emit({ kind: 'done', bytes, path: result.path });
  }
  // The web host: the window fetches the download; the transfer is followed until it ends.
  emit({ kind: 'started', name: file.displayName ?? file.name, total: file.total, to: 'download', url: result.url });
  const unclaimed = setTimeout(() => {
    if (!claimed) settle!.reject(new ContentError('CANCELLED', 'The download was not started by the window within 90 s.'));
  }, UNCLAIMED_MS);
  const onAbort = () => {
    if (!claimed) settle!.reject(new ContentError('CANCELLED', 'The save was cancelled.'));
  };
  signal.addEventListener('abort', onAbort);
  try {
    await transferred;
  } finally {
    clearTimeout(unclaimed);
    signal.removeEventListener('abort', onAbort);
  }
  emit({ kind: 'progress', bytes, total: file.total });
  emit({ kind: 'done', bytes });
}

/** Whether a save's failure is the store going away (not a refusal): a cut transfer, or no answer at all. */
function storeBrokeOff(error: unknown): boolean {
  if (!(error instanceof ContentError)) return false;
  if (error.code === 'UNREACHABLE') return true;
  return error.code === 'TRANSFER_FAILED' && (error.data as { cut?: unknown } | undefined)?.cut === true;
}
