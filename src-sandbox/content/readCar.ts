import { CarBlockIterator } from '@ipld/car/iterator';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { identity } from 'multiformats/hashes/identity';
import { sha256, sha512 } from 'multiformats/hashes/sha2';
import { CommandError, errorMessage } from './errors';

/**
 * Most bytes read for one CAR section (or the header) before giving up: go-car's default
 * `MaxAllowedSectionSize`. The streaming reader buffers a whole section, so a section claiming gigabytes
 * must not be read at all.
 */
const MAX_SECTION_BYTES = 8 * 1024 * 1024;

/** One block of a CAR, its bytes checked against its CID. */
export interface CarBlock {
  cid: CID;
  bytes: Uint8Array;
}

/** Kubo's `dag import` wording for a failure at or after a block. */
export function importFailure(message: string, where: { at?: CID; after?: CID } = {}): CommandError {
  if (where.at) return new CommandError(`import failed at block "${where.at}": ${message}`);
  if (where.after) return new CommandError(`import failed after block "${where.after}": ${message}`);
  return new CommandError(`import failed: ${message}`);
}

/**
 * Reads one CAR (v1 or v2) from a stream with @ipld/car's `CarBlockIterator`, one section in memory at a
 * time. Hands over the header's roots first, then yields each block once its bytes hash to its CID (go-car's
 * check: a corrupt CAR fails with "mismatch in content integrity"). Reads the stream to its end, so that a
 * multipart body can go on to its next part after a CARv2's index.
 */
export async function* readCar(content: AsyncIterable<Uint8Array>, onRoots: (roots: CID[]) => void): AsyncGenerator<CarBlock> {
  const source = content[Symbol.asyncIterator]();
  let pulled = 0;
  let headerRead = false;
  // Counts what the reader pulls since its last block: past the bound, the current section is too big.
  const guarded: AsyncIterable<Uint8Array> = {
    [Symbol.asyncIterator]: () => ({
      async next() {
        if (pulled > MAX_SECTION_BYTES) {
          throw new CommandError(`invalid ${headerRead ? 'section' : 'header'} data, length of read beyond allowable maximum`);
        }
        const next = await source.next();
        if (next.done !== true) pulled += next.value.byteLength;
        return next;
      },
    }),
  };
  let car: CarBlockIterator;
  try {
    car = await CarBlockIterator.fromIterable(guarded);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    // The reader's own words say "Unexpected end of data" for a body that is no CAR at all: say where.
    const message = errorMessage(error);
    throw new CommandError(/\bCAR\b/.test(message) ? message : `invalid CAR header: ${message}`);
  }
  headerRead = true;
  pulled = 0;
  onRoots(await car.getRoots());

  let previous: CID | undefined;
  const blocks = car[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<CarBlock>;
    try {
      next = await blocks.next();
    } catch (error) {
      throw importFailure(errorMessage(error), { after: previous });
    }
    if (next.done === true) break;
    pulled = 0;
    const { cid, bytes } = next.value;
    const hashed = await rehash(cid, bytes, previous);
    if (!hashed.equals(cid)) throw importFailure(`mismatch in content integrity, expected: ${cid}, got: ${hashed}`, { after: previous });
    yield { cid, bytes };
    previous = cid;
  }
  // A CARv2's data ends before its index; the index is not needed.
  while ((await source.next()).done !== true);
}

/** The CID `bytes` would have under `cid`'s version, codec and hash function (truncated digests included). */
async function rehash(cid: CID, bytes: Uint8Array, previous: CID | undefined): Promise<CID> {
  const { code, size } = cid.multihash;
  let digest: Digest.Digest<number, number>;
  if (code === sha256.code) digest = await sha256.digest(bytes);
  else if (code === sha512.code) digest = await sha512.digest(bytes);
  else if (code === identity.code) digest = identity.digest(bytes);
  else throw importFailure(`hash function 0x${code.toString(16)} is not supported by this store`, { after: previous });
  // An identity "digest" is the bytes themselves: it must match whole.
  if (code !== identity.code && size < digest.size) digest = Digest.create(code, digest.digest.subarray(0, size));
  return cid.version === 0 ? CID.createV0(digest as Digest.Digest<0x12, number>) : CID.createV1(cid.code, digest);
}
