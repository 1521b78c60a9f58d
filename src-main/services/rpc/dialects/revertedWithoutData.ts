import type { RevertDecoding } from '../../../../src-shared/decoding/decodeRevert';

const REASON = 'Reverted without data: the node returned no revert bytes (a bare revert(), a require() without a message, running out of gas or an invalid opcode).';

/** The decoding of a revert that came with no bytes ({@link revertPayload}'s `data: null`): a revert all the same, never "not reproduced". */
export const REVERTED_WITHOUT_DATA: RevertDecoding = { status: 'raw', reason: REASON, alternatives: [], message: REASON };
