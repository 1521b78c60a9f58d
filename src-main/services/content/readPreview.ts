import chardet from 'chardet';
import { fileTypeFromBuffer } from 'file-type';
import type { ContentPreview } from '../../../src-shared/content/contentTypes';

const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd)$/i;
const JSON_NAME = /\.(json|jsonld|geojson|webmanifest|ipynb)$/i;
const SVG_NAME = /\.svg$/i;
/** Bytes of a text file sent for its hex view (what the view shows at most). */
const TEXT_HEX_BYTES = 16 * 1024;
/** Media types a browser shows in an <img>. */
const SHOWN_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon', 'image/svg+xml']);

/**
 * Reads a file's first bytes as what they look like: an image (by its magic number, or an `.svg` name), text
 * in the encoding detected (a BOM, valid UTF-8, else chardet's guess), JSON (valid, or named `.json`),
 * Markdown (by name), else binary. Pure apart from the detectors; never throws.
 */
export async function readPreview(bytes: Uint8Array, size: number, name: string | undefined): Promise<ContentPreview> {
  const truncated = bytes.byteLength < size;
  const base = { size, bytesRead: bytes.byteLength, truncated };
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected && SHOWN_IMAGES.has(detected.mime)) return { ...base, kind: 'image', mime: detected.mime, base64: Buffer.from(bytes).toString('base64') };
  const text = detected && !detected.mime.startsWith('text/') && detected.mime !== 'application/xml' ? undefined : decodeText(bytes, truncated);
  if (!text) return { ...base, kind: 'binary', mime: detected?.mime ?? 'application/octet-stream', base64: Buffer.from(bytes).toString('base64') };
  // Text kinds carry their first bytes too, for the hex view (the file's own bytes, not the text re-encoded).
  const head = { base64: Buffer.from(bytes.subarray(0, TEXT_HEX_BYTES)).toString('base64') };
  if (name && SVG_NAME.test(name) && /<svg[\s>]/i.test(text.text)) return { ...base, kind: 'image', mime: 'image/svg+xml', base64: Buffer.from(bytes).toString('base64') };
  if (name && MARKDOWN_NAME.test(name)) return { ...base, kind: 'markdown', mime: 'text/markdown', ...text, ...head };
  if ((name && JSON_NAME.test(name)) || (!truncated && looksLikeJson(text.text))) return { ...base, kind: 'json', mime: 'application/json', ...text, ...head };
  return { ...base, kind: 'text', mime: detected?.mime ?? 'text/plain', ...text, ...head };
}

function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The text in its encoding, or undefined when the bytes are not text (NULs, control bytes, undecodable). */
export function decodeText(bytes: Uint8Array, truncated: boolean): { encoding: string; text: string } | undefined {
  if (bytes.byteLength === 0) return { encoding: 'UTF-8', text: '' };
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom.label, text: new TextDecoder(bom.decoder).decode(bytes.subarray(bom.length), { stream: truncated }) };
  if (bytes.includes(0)) return undefined;
  try {
    // `stream` while truncated: a character cut at the end is dropped, not an error.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: truncated });
    return isMostlyPrintable(text) ? { encoding: 'UTF-8', text } : undefined;
  } catch {
    // Not UTF-8: ask the detector.
  }
  const guess = chardet.detect(bytes);
  if (!guess || /^UTF-(16|32)/i.test(guess)) return undefined;
  let text: string;
  try {
    text = new TextDecoder(guess).decode(bytes);
  } catch {
    return undefined;
  }
  return isMostlyPrintable(text) ? { encoding: guess, text } : undefined;
}

function bomEncoding(bytes: Uint8Array): { label: string; decoder: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: 'UTF-8 (with BOM)', decoder: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: 'UTF-16LE', decoder: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: 'UTF-16BE', decoder: 'utf-16be', length: 2 };
  return undefined;
}

/** Text has few control characters other than tab, newline, carriage return and form feed. */
function isMostlyPrintable(text: string): boolean {
  let control = 0;
  const sample = text.slice(0, 64 * 1024);
  for (let index = 0; index < sample.length; index += 1) {
    const code = sample.charCodeAt(index);
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0x7f || code === 0xfffd) control += 1;
  }
  return control <= sample.length * 0.02;
}
