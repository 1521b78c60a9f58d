import { describe, expect, it } from 'vitest';
import { kuboImporterOptions, type AddLayoutFlags } from './kuboImporterOptions';

const flags = (overrides: Partial<AddLayoutFlags> = {}): AddLayoutFlags => ({
  cidVersion: 0,
  rawLeaves: undefined,
  chunker: 'size-262144',
  trickle: false,
  hash: 'sha2-256',
  wrapWithDirectory: false,
  ...overrides,
});

describe('kuboImporterOptions', () => {
  it("sets every knob Kubo's defaults need", () => {
    expect(kuboImporterOptions(flags())).toMatchObject({ profile: 'unixfs-v0-2015', cidVersion: 0, rawLeaves: false, shardSplitThresholdBytes: 262_144, fileImportConcurrency: 1 });
  });

  it('turns raw leaves on with CIDv1 unless raw-leaves was given', () => {
    expect(kuboImporterOptions(flags({ cidVersion: 1 })).rawLeaves).toBe(true);
    expect(kuboImporterOptions(flags({ cidVersion: 1, rawLeaves: false })).rawLeaves).toBe(false);
  });

  it.each([
    [{ cidVersion: 2 }, 'unknown CID version: 2'],
    [{ hash: 'blake2b-256' }, 'hash function "blake2b-256" is not supported by this store (only sha2-256)'],
    [{ chunker: 'size-0' }, 'chunker size must be greater than 0'],
    [{ chunker: 'size-1048577' }, 'chunker parameters may not exceed the maximum chunk size of 1048576'],
    [{ chunker: 'rabin-36-512-1024' }, 'chunker "rabin-36-512-1024" is not supported by this store (only size-N)'],
    [{ chunker: 'banana' }, 'unrecognized chunker option: banana'],
  ])('refuses %j rather than give other CIDs', (overrides, message) => {
    expect(() => kuboImporterOptions(flags(overrides))).toThrow(message);
  });
});
