import { describe, expect, it } from 'vitest';
import { explainStarknetError, readShortStrings, unwindExecutionError } from './starknetErrors';

const context = { contractAddress: '0x49d3', selector: '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e', functionName: 'balanceOf' };

describe('explainStarknetError: every error of starknet_call in the spec, and what nodes answer besides', () => {
  it.each([
    [20, undefined, /No contract is deployed at 0x49d3/],
    [21, undefined, /no entry point for balanceOf \(selector 0x2e42.*case-sensitive/],
    [24, undefined, /does not know that block/],
    [40, { revert_error: 'Execution failed. Failure reason: 0x753235365f737562204f766572666c6f77.' }, /failed while running balanceOf .*\('u256_sub Overflow'\)/],
    [40, undefined, /the node gave no reason/],
    [-32602, undefined, /calldata may not match/],
    [-32601, undefined, /Starknet endpoint/],
    [-32000, undefined, /^The node answered with error -32000: boom$/],
  ])('code %s', (code, data, explanation) => {
    const said = code === -32000 ? 'The node answered with error -32000: boom' : 'said';
    expect(explainStarknetError(code, said, data, context).explanation).toMatch(explanation);
  });

  it('unwinds a nested contract error to its frames and innermost reason', () => {
    const inner = { contract_address: '0x2', class_hash: '0x22', selector: '0x222', error: "Execution failed. Failure reason: 0x4e6f7420656e6f756768 ('Not enough')." };
    const explained = explainStarknetError(40, 'Contract error', { revert_error: { contract_address: '0x1', class_hash: '0x11', selector: '0x111', error: inner } }, context);
    expect(explained.trace).toEqual([
      { contractAddress: '0x1', classHash: '0x11', selector: '0x111' },
      { contractAddress: '0x2', classHash: '0x22', selector: '0x222' },
    ]);
    expect(explained.reason).toBe("Execution failed. Failure reason: 0x4e6f7420656e6f756768 ('Not enough').");
  });

  it('reads an older node plain-string revert_error, and a cycle-free depth limit', () => {
    expect(unwindExecutionError('Error in the called contract')).toEqual({ trace: [], reason: 'Error in the called contract' });
    let deep: unknown = 'bottom';
    for (let index = 0; index < 150; index++) deep = { contract_address: '0x1', class_hash: '0x1', selector: '0x1', error: deep };
    expect(unwindExecutionError(deep).trace).toHaveLength(100);
  });

  it('reads hex felts in a message as text only where they are words, and never twice', () => {
    expect(readShortStrings('reason: 0x753235365f737562204f766572666c6f77')).toBe("reason: 0x753235365f737562204f766572666c6f77 ('u256_sub Overflow')");
    expect(readShortStrings("0x4e6f7420656e6f756768 ('Not enough')")).toBe("0x4e6f7420656e6f756768 ('Not enough')");
    expect(readShortStrings('at 0x1234 and 0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7')).toBe('at 0x1234 and 0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7');
  });
});
