/** Bytes per generated chunk: one importer chunk, so nothing is re-sliced. */
const CHUNK = 262_144;

/**
 * `length` pseudo-random bytes from `seed` (xoshiro128**, seeded through splitmix32), produced a chunk at a
 * time so any size streams in constant memory. Words are written little-endian: same bytes on every machine.
 */
export function* seededBytes(seed: number, length: number): Generator<Uint8Array> {
  let state = seed >>> 0;
  const splitmix = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  let remaining = length;
  while (remaining > 0) {
    const size = Math.min(CHUNK, remaining);
    const chunk = new Uint8Array(Math.ceil(size / 4) * 4);
    const view = new DataView(chunk.buffer);
    for (let offset = 0; offset < chunk.byteLength; offset += 4) {
      const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0;
      const t = (b << 9) >>> 0;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      view.setUint32(offset, result, true);
    }
    remaining -= size;
    yield size === chunk.byteLength ? chunk : chunk.subarray(0, size);
  }
}

function rotl(value: number, shift: number): number {
  return ((value << shift) | (value >>> (32 - shift))) >>> 0;
}
