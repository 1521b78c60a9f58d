import { blobsToCommitments, blobsToProofs, bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { ZERO_BLOB, zeroBlobKzg } from './zero-blob-kzg';

const INFINITY = `0xc0${'00'.repeat(47)}`;

describe('zeroBlobKzg', () => {
  it('commits to and proves the zero blob with the G1 point at infinity', () => {
    const commitments = blobsToCommitments({ blobs: [ZERO_BLOB], kzg: zeroBlobKzg });
    const proofs = blobsToProofs({ blobs: [ZERO_BLOB], commitments, kzg: zeroBlobKzg });
    expect(commitments).toEqual([INFINITY]);
    expect(proofs).toEqual([INFINITY]);
    expect(hexToBytes(ZERO_BLOB).length).toBe(131_072);
  });

  it('refuses any other blob', () => {
    const blob = hexToBytes(ZERO_BLOB);
    blob[100] = 1;
    expect(() => blobsToCommitments({ blobs: [bytesToHex(blob)], kzg: zeroBlobKzg })).toThrowErrorMatchingInlineSnapshot(
      `[Error: zeroBlobKzg only commits to the all-zero blob]`,
    );
  });
});
