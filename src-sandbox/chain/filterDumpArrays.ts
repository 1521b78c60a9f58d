import { Transform } from 'node:stream';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../jsonBytes';

const COMMA = 0x2c;

/** Whether to keep one item (its bytes, an object or an array) of a filtered top-level array. */
export type KeepItem = (item: Buffer) => boolean;

/**
 * A stream that rewrites an Anvil state dump keeping, of each top-level array named in `filters` (`historical_states`,
 * `blocks`, `transactions`), only the items (objects or arrays) its filter accepts. Everything else passes through byte
 * for byte. Memory: one item at a time. Fails on an empty or cut-off text. Items of a filtered array that are not
 * objects or arrays are kept.
 */
export function filterDumpArrays(filters: Readonly<Record<string, KeepItem>>): Transform {
  const longestKey = Math.max(0, ...Object.keys(filters).map((key) => key.length));
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The last string closed at depth 1 (a top-level key), while it is short enough to be a filtered one. */
  let keyBytes: number[] | undefined;
  let lastKey = '';
  /** 0: outside; 1: inside a filtered array, between items; 2: inside an item (buffered). */
  let mode = 0;
  let keep: KeepItem | undefined;
  let item: Buffer[] = [];
  let itemStart = 0;
  let keptAny = false;
  let seenAny = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out: Buffer[] = [];
      if (chunk.length > 0) seenAny = true;
      let from = 0; // start of the bytes of this chunk not yet written (outside items)
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) {
            inString = false;
            if (keyBytes) lastKey = Buffer.from(keyBytes).toString('latin1');
            keyBytes = undefined;
          } else if (keyBytes) {
            if (keyBytes.length < longestKey) keyBytes.push(byte);
            else keyBytes = undefined;
          }
          continue;
        }
        if (byte === QUOTE) {
          inString = true;
          keyBytes = depth === 1 ? [] : undefined;
          continue;
        }
        if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          depth += 1;
          if (depth === 2 && byte === OPEN_BRACKET && mode === 0 && Object.hasOwn(filters, lastKey)) {
            mode = 1;
            keep = filters[lastKey];
            keptAny = false;
            out.push(chunk.subarray(from, i + 1));
            from = i + 1;
          } else if (depth === 3 && mode === 1) {
            mode = 2;
            item = [];
            itemStart = i;
          }
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth -= 1;
          if (mode === 2 && depth === 2) {
            item.push(chunk.subarray(itemStart, i + 1));
            const bytes = Buffer.concat(item);
            if (keep!(bytes)) {
              if (keptAny) out.push(Buffer.from([COMMA]));
              out.push(bytes);
              keptAny = true;
            }
            mode = 1;
            from = i + 1;
          } else if (mode === 1 && depth === 1) {
            mode = 0;
            from = i; // the array's closing bracket is written with what follows
            lastKey = '';
          }
        } else if (mode === 1) {
          from = i + 1; // commas and whitespace between items are rewritten, not copied
        }
      }
      if (mode === 2) {
        item.push(chunk.subarray(itemStart));
        itemStart = 0;
      } else if (mode === 0) {
        out.push(chunk.subarray(from));
      }
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      // A torn file (Anvil killed while writing it) ends inside a value: never take it for a whole one.
      if (!seenAny) callback(new Error('the state dump is empty'));
      else callback(mode !== 0 || inString || depth !== 0 ? new Error('the state dump ended inside a value') : null);
    },
  });
}
