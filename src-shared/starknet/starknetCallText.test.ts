import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadStarknetSpec } from '../../test-support/starknetSpec';
import { parseStarknetBlockId } from './blockId';
import { encodeCalldata, type FeltArg } from './felt';
import { selectorFromName } from './selector';
import { starknetCallCurl, starknetCallJson, starknetCallParams, starknetCallStarkli } from './starknetCallText';

// Every request the app builds for starknet_call is checked here against the Starknet spec's own JSON Schemas
// (test-support/specs/starknet-specs/starknet_api_openrpc.json), over generated functions, arguments and blocks.

const spec = loadStarknetSpec();

const argArbitrary: fc.Arbitrary<FeltArg> = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 251n }).map((value) => ({ kind: 'felt' as const, text: fc.sample(fc.boolean(), 1)[0] ? value.toString() : `0x${value.toString(16)}` })),
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((value) => ({ kind: 'u256' as const, text: value.toString() })),
  fc.string({ unit: fc.constantFrom(...'abcXYZ09_ -'.split('')), minLength: 1, maxLength: 31 }).map((text) => ({ kind: 'shortString' as const, text })),
  fc.bigInt({ min: 0n, max: 2n ** 251n - 1n }).map((value) => ({ kind: 'address' as const, text: `0x${value.toString(16).padStart(64, '0')}` })),
);
const blockArbitrary = fc.oneof(
  fc.constantFrom('latest', 'pre_confirmed', 'pending', 'l1_accepted'),
  fc.nat({ max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.bigInt({ min: 0n, max: 2n ** 251n }).map((value) => `0x${value.toString(16)}`),
);
const nameArbitrary = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,30}$/);

describe('starknet_call requests against the Starknet spec', () => {
  it('builds only spec-valid requests (property)', () => {
    fc.assert(
      fc.property(nameArbitrary, fc.array(argArbitrary, { maxLength: 8 }), blockArbitrary, fc.bigInt({ min: 0n, max: 2n ** 251n - 1n }), (name, args, block, address) => {
        const selector = selectorFromName(name);
        const calldata = encodeCalldata(args);
        const blockId = parseStarknetBlockId(block);
        expect(selector.ok && calldata.ok && blockId.ok).toBe(true);
        if (!selector.ok || !calldata.ok || !blockId.ok) return;
        const request = { contractAddress: `0x${address.toString(16)}`, selector: selector.selector, calldata: calldata.felts };
        const body = JSON.parse(starknetCallJson(request, blockId.blockId)) as unknown;
        expect(spec.requestProblems(body)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('would be refused by the spec if a felt kept leading zeros or a tag were made up (the check can fail)', () => {
    const params = starknetCallParams({ contractAddress: '0x049d', selector: '0x1', calldata: [] }, 'latest');
    expect(spec.requestProblems({ jsonrpc: '2.0', id: 1, method: 'starknet_call', params })).not.toEqual([]);
    expect(spec.requestProblems({ jsonrpc: '2.0', id: 1, method: 'starknet_call', params: { ...starknetCallParams({ contractAddress: '0x1', selector: '0x1', calldata: [] }, 'latest'), block_id: 'pending' } })).not.toEqual([]);
  });

  it('writes curl and starkli lines, with the key left to a placeholder', () => {
    const request = { contractAddress: '0x49d3', selector: '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e', functionName: 'balanceOf', calldata: ['0x1234'], block: 'latest' };
    const url = 'https://starknet-sepolia.example/v3/<YOUR-API-KEY>';
    expect(starknetCallCurl(request, 'latest', url)).toContain(`'${url}'`);
    expect(starknetCallCurl(request, 'latest', url)).toContain('"method":"starknet_call"');
    expect(starknetCallStarkli(request, { block_number: 5 }, url)).toBe(`starkli call 0x49d3 balanceOf 0x1234 --block 5 --rpc '${url}'`);
    expect(starknetCallStarkli(request, 'pre_confirmed', url)).toContain('--block pending');
    expect(starknetCallStarkli({ ...request, functionName: undefined }, 'latest', url)).toBeUndefined();
  });
});
