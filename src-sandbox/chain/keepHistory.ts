import { Transform } from 'node:stream';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../jsonBytes';

const KEY = 'historical_states';
const COMMA = 0x2c;

/**
 * A stream that rewrites an Anvil state dump keeping, of its top-level `historical_states` (an array of
 * `[blockHash, state]` pairs, one full state of about 250 kB per block), only the pairs whose hash
 * `keep` accepts. Everything else passes through byte for byte. Memory: one pair at a time. Fails on an empty
 * or cut-off text.
 *
 * Why: with `--preserve-historical-states` Anvil dumps the state at every block it ever mined, so a
 * sandbox that mines a block every 2 s would save (and reload) 7 MB more every minute. The sandbox keeps
 * the seeded blocks' states (the fixtures people and tests read at old blocks) and the latest ones.
 */
export function keepHistory(keep: (blockHash: string) => boolean): Transform {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The last string closed at depth 1 (a top-level key), while it is short enough to be KEY. */
  let keyBytes: number[] | undefined;
  let lastKey = '';
  /** 0: outside; 1: inside the historical_states array, between pairs; 2: inside a pair (buffered). */
  let mode = 0;
  let pair: Buffer[] = [];
  let pairStart = 0;
  let keptAny = false;
  let seenAny = false;

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const out: Buffer[] = [];
      if (chunk.length > 0) seenAny = true;
      let from = 0; // start of the bytes of this chunk not yet written (outside pairs)
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
            if (keyBytes.length < KEY.length) keyBytes.push(byte);
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
          if (depth === 2 && byte === OPEN_BRACKET && lastKey === KEY && mode === 0) {
            mode = 1;
            out.push(chunk.subarray(from, i + 1));
            from = i + 1;
          } else if (depth === 3 && mode === 1) {
            mode = 2;
            pair = [];
            pairStart = i;
          }
        } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          depth -= 1;
          if (mode === 2 && depth === 2) {
            pair.push(chunk.subarray(pairStart, i + 1));
            const bytes = Buffer.concat(pair);
            const hash = /^\[\s*"(0x[0-9a-fA-F]{64})"/.exec(bytes.subarray(0, 120).toString('latin1'))?.[1];
            if (hash === undefined || keep(hash.toLowerCase())) {
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
          from = i + 1; // commas and whitespace between pairs are rewritten, not copied
        }
      }
      if (mode === 2) {
        pair.push(chunk.subarray(pairStart));
        pairStart = 0;
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
