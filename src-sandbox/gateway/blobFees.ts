// The blob-fee parameters eth_feeHistory needs of the node's fork, keyed by the name anvil_nodeInfo reports in
// `hardFork` (Anvil 1.7.1 runs "Bpo1" by default). Two numbers, from two places:
// - the most blobs a block holds, by which blobGasUsedRatio divides: Anvil's own, which for Bpo1 and Bpo2 is Osaka's
//   9 (it runs them as SpecId::OSAKA: its block builder packs at most 9 blobs and its fee history divides by 9; the
//   EIP-7892 figures of 15 and 21 never apply). Checked against Anvil's answers: 6 blobs give 0.666…, 9 give 1;
// - the base fee update fraction, the fork's own (EIP-4844, EIP-7691, EIP-7892), which is also what Anvil charges
//   blob gas with (its fee manager takes BPO1's parameters on a local chain). Anvil's excess blob gas never leaves
//   0 there (its 9-blob blocks stay under BPO1's target of 10), so this only matters for a chain that gets one.

/** Blob gas of one blob (EIP-4844 GAS_PER_BLOB). */
export const GAS_PER_BLOB = 131_072n;

/** What a fork sets for blob fees. */
export interface BlobParams {
  /** The most blobs one block may carry: blobGasUsedRatio is blob gas used over this many blobs' gas. */
  maxBlobsPerBlock: bigint;
  /** BLOB_BASE_FEE_UPDATE_FRACTION: the denominator of the blob base fee's exponent. */
  updateFraction: bigint;
}

const BY_FORK: Record<string, BlobParams> = {
  cancun: { maxBlobsPerBlock: 6n, updateFraction: 3_338_477n },
  prague: { maxBlobsPerBlock: 9n, updateFraction: 5_007_716n },
  osaka: { maxBlobsPerBlock: 9n, updateFraction: 5_007_716n },
  bpo1: { maxBlobsPerBlock: 9n, updateFraction: 8_346_193n },
  bpo2: { maxBlobsPerBlock: 9n, updateFraction: 11_684_671n },
};

/** The blob parameters of a fork named as anvil_nodeInfo names it ("Bpo1", "Prague"…); undefined for one not listed. */
export function blobParamsOf(hardFork: string): BlobParams | undefined {
  return BY_FORK[hardFork.toLowerCase()];
}

/** The blob base fee of a block with this excess blob gas (EIP-4844 fake_exponential with MIN_BASE_FEE_PER_BLOB_GAS = 1). */
export function blobBaseFee(excessBlobGas: bigint, updateFraction: bigint): bigint {
  let output = 0n;
  let accumulator = updateFraction; // factor (1) x denominator
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator;
    accumulator = (accumulator * excessBlobGas) / (updateFraction * i);
  }
  return output / updateFraction;
}
