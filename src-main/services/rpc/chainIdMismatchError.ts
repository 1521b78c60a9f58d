import type { ApiError } from '../../../src-shared/api/apiError';

/** The error of a node that serves another chain than its network says (a wrong address, or a wrong chain id). */
export function chainIdMismatchError(networkName: string, expected: number | string, actual: number | string): ApiError {
  return {
    name: 'ChainIdMismatchError',
    kind: 'badAnswer',
    code: 'CHAIN_ID_MISMATCH',
    shortMessage: `The node serves chain ${actual}, but ${networkName} is set up for chain ${expected}.`,
    details: "Check the network's address, or change its chain id to the one the node reports.",
    data: { expected, actual },
  };
}
