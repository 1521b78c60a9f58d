import type { KZG } from '@ethereumjs/util';

function refuse(): never {
  throw new Error('A replay has no KZG trusted setup: a transaction that verifies a blob proof (the point evaluation precompile) cannot be replayed exactly.');
}

/**
 * The KZG the EVM library insists on before it reads any blob transaction, though a mined one carries only its
 * blobs' hashes and needs none. Only the point evaluation precompile (0x0a) would use it: there it fails the
 * frame, so the replay differs from the receipt and says so.
 */
export const NO_KZG: KZG = {
  blobToKzgCommitment: refuse,
  computeBlobProof: refuse,
  verifyProof: refuse,
  verifyBlobProofBatch: refuse,
  computeCells: refuse,
  computeCellsAndProofs: refuse,
  recoverCellsAndProofs: refuse,
  verifyCellKzgProofBatch: refuse,
};
