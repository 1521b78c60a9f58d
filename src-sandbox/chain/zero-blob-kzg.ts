import { bytesToHex, defineKzg, hexToBytes, type Hex } from 'viem';

/** A blob of 131,072 zero bytes. */
export const ZERO_BLOB: Hex = bytesToHex(new Uint8Array(131_072));

// Compressed BLS12-381 G1 point at infinity (the compression and infinity flags, then zeros).
const G1_INFINITY = hexToBytes(`0xc0${'00'.repeat(47)}`);

/**
 * KZG for the all-zero blob only. viem needs a KZG implementation for blob transactions and
 * none is installed (c-kzg is native, kzg-wasm is not a dependency). The zero blob is the one
 * blob whose KZG values need no trusted setup: its polynomial is zero, so the commitment and
 * the proof (of the zero quotient) are both the point at infinity, which is exactly what c-kzg
 * computes for it. Anvil verifies the sidecar and accepts it. Any other blob throws.
 */
export const zeroBlobKzg = defineKzg({
  blobToKzgCommitment(blob) {
    if (blob.some((byte) => byte !== 0)) throw new Error('zeroBlobKzg only commits to the all-zero blob');
    return G1_INFINITY;
  },
  computeBlobKzgProof(blob) {
    if (blob.some((byte) => byte !== 0)) throw new Error('zeroBlobKzg only proves the all-zero blob');
    return G1_INFINITY;
  },
});
