import { Transform } from 'node:stream';

const PREFIX = Buffer.from('"result":"0x');
const QUOTE = 0x22;
/** How much of a response is read for its `"result":"0x` before it is taken for an error answer. */
const MOST_BEFORE_RESULT = 4096;

/**
 * A stream that takes a JSON-RPC response whose result is one hex string (`{"jsonrpc":"2.0","id":1,"result":"0x…"}`,
 * as Anvil answers anvil_dumpState) and gives the bytes the hex stands for, in constant memory: a result of tens of MB
 * is never one string. Fails with the node's words on an error answer, and on a text cut off or not hex.
 */
export function hexResult(): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  let nibble = -1;
  let ended = false;
  const value = (byte: number) => (byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : -1);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let from = 0;
      if (head) {
        const seen = Buffer.concat([head, chunk]);
        const at = seen.indexOf(PREFIX);
        if (at < 0) {
          if (seen.length > MOST_BEFORE_RESULT) return callback(new Error(`the node answered without a result: ${seen.subarray(0, 300).toString('utf8')}`));
          head = seen;
          return callback();
        }
        head = undefined;
        chunk = seen;
        from = at + PREFIX.length;
      }
      if (ended) return callback();
      const out = Buffer.allocUnsafe(Math.ceil((chunk.length - from) / 2) + 1);
      let length = 0;
      for (let i = from; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === QUOTE) {
          ended = true;
          break;
        }
        const digit = value(byte);
        if (digit < 0) return callback(new Error(`the node's result is not hex (byte ${byte})`));
        if (nibble < 0) nibble = digit;
        else {
          out[length++] = (nibble << 4) | digit;
          nibble = -1;
        }
      }
      callback(null, out.subarray(0, length));
    },
    flush(callback) {
      if (head) callback(new Error(`the node answered without a result: ${head.subarray(0, 300).toString('utf8')}`));
      else if (!ended) callback(new Error('the node\'s answer ended inside its result'));
      else if (nibble >= 0) callback(new Error('the node\'s result has an odd number of hex digits'));
      else callback();
    },
  });
}
