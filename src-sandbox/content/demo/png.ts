// A PNG writer small enough to read: RGB, 8 bits, no interlace. The image data goes into zlib "stored"
// (uncompressed) blocks rather than through node:zlib, because deflate output may change with the zlib
// build, and the demo content's CIDs must never change.

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const STORED_BLOCK_MAX = 65_535;

/** Encodes an RGB image given pixel by pixel. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rowBytes = 1 + width * 3;
  const raw = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * rowBytes] = 0; // filter type None
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y), y * rowBytes + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace
  return concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlibStored(raw)), chunk('IEND', new Uint8Array())]);
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([new TextEncoder().encode(type), data]);
  const out = new Uint8Array(8 + data.byteLength + 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.byteLength);
  out.set(typed, 4);
  view.setUint32(8 + data.byteLength, crc32(typed));
  return out;
}

/** A zlib stream of stored deflate blocks (RFC 1950/1951) with its Adler-32. */
function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [Uint8Array.of(0x78, 0x01)];
  for (let offset = 0; offset < data.byteLength || offset === 0; offset += STORED_BLOCK_MAX) {
    const block = data.subarray(offset, offset + STORED_BLOCK_MAX);
    const final = offset + STORED_BLOCK_MAX >= data.byteLength ? 1 : 0;
    const head = new Uint8Array(5);
    head[0] = final; // BFINAL, BTYPE=00 (stored)
    new DataView(head.buffer).setUint16(1, block.byteLength, true);
    new DataView(head.buffer).setUint16(3, ~block.byteLength & 0xffff, true);
    parts.push(head, block);
    if (final) break;
  }
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, adler32(data));
  parts.push(trailer);
  return concat(parts);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the PNG and zlib one). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65_521;
    b = (b + a) % 65_521;
  }
  return ((b << 16) | a) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
