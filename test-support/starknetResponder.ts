import { hash, shortString } from 'starknet';
import { startFakeRpcServer } from '../src-main/services/rpc/testing/fakeRpcServer';
import { loadStarknetSpec, type StarknetSpec } from './starknetSpec';

// A local responder for Starknet's JSON-RPC: it validates every request against the Starknet spec
// (test-support/specs/starknet-specs) and answers with spec-valid results, each checked against the spec
// before it is sent. No Starknet node runs on this machine; this is the stand-in the tests name as such.
// It holds one ERC-20 token (Starknet's ETH address) with a few balances, and answers the spec's errors.

const felt = (value: bigint) => `0x${value.toString(16)}`;
const selector = (name: string) => hash.getSelectorFromName(name);

/** The token the responder knows (Starknet's ETH contract address) and its facts. */
export const RESPONDER_TOKEN = {
  address: '0x49d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7',
  classHash: '0x5ffbcfeb50d200a0677c48a129a11245a3fc519d1d98d76882d1c9a1b19c6ed',
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18n,
  totalSupply: 2n ** 128n + 7n,
  /** Holders and balances: one fits in the low felt, one needs the high felt too (2^128 + 42). */
  balances: new Map<bigint, bigint>([
    [0x4c6e22cec1f6b4cb9ea778a61e5f15ae99b69a8c9eb816b70882222138adb8dn, 1_234_500_000_000_000_000_000n],
    [0x1234n, 2n ** 128n + 42n],
  ]),
} as const;

/** The head block the responder reports. */
export const RESPONDER_HEAD = { number: 812_345, hash: '0x5c627d4aeb51280058bed93c7889bce78114d63baad1be0f0aeb32496d5f19c', timestamp: 1_764_000_000 } as const;

/** Starknet Sepolia's chain id (`SN_SEPOLIA` as a felt). */
export const RESPONDER_CHAIN_ID = '0x534e5f5345504f4c4941';

export interface ResponderRequest {
  method: string;
  params: unknown;
  /** What was wrong with it by the spec (empty when valid). */
  problems: string[];
}

export interface StarknetResponder {
  /** `http://127.0.0.1:<port>`; any path answers (a key segment is ignored). */
  origin: string;
  requests: ResponderRequest[];
  /** Every problem seen: requests the spec refuses, and (never expected) answers of its own that the spec refuses. */
  problems(): string[];
  close(): Promise<void>;
}

export interface ResponderOptions {
  /** What starknet_specVersion answers (default: the spec file's version). Before 0.9 the tag `pending` is accepted. */
  specVersion?: string;
}

type Answer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export async function startStarknetResponder(options: ResponderOptions = {}): Promise<StarknetResponder> {
  const spec = loadStarknetSpec();
  const version = options.specVersion ?? spec.version;
  const older = /^0\.[0-8]\./.test(version);
  const requests: ResponderRequest[] = [];
  const ownProblems: string[] = [];

  const answerOne = (body: unknown): { id: unknown; answer: Answer } => {
    const request = (typeof body === 'object' && body !== null ? body : {}) as { id?: unknown; method?: unknown; params?: unknown };
    // A node on spec 0.8 or before knows `pending` where 0.9 says `pre_confirmed`: validated as the latter.
    const checked = older ? JSON.parse(JSON.stringify(body ?? null).replaceAll('"pending"', '"pre_confirmed"')) : body;
    const problems = spec.requestProblems(checked);
    if (older && JSON.stringify(body ?? null).includes('"pre_confirmed"')) problems.push(`spec ${version} has no pre_confirmed tag (it says pending)`);
    requests.push({ method: String(request.method), params: request.params, problems });
    if (problems.length > 0) {
      const unknownMethod = problems.some((problem) => problem.includes('is not in the Starknet spec'));
      return { id: request.id ?? null, answer: { error: unknownMethod ? { code: -32601, message: 'Method not found' } : { code: -32602, message: 'Invalid params', data: problems.join('; ') } } };
    }
    const method = request.method as string;
    const answer = respond(method, request.params);
    if ('result' in answer) {
      // The spec's block result is a oneOf whose two branches overlap (a full block also satisfies the
      // pre-confirmed header, which forbids nothing), so no block can match exactly one: the branch meant is checked.
      const problems = method === 'starknet_getBlockWithTxHashes' ? spec.schemaProblems('BLOCK_WITH_TX_HASHES', answer.result) : spec.resultProblems(method, answer.result);
      ownProblems.push(...problems.map((problem) => `responder's own ${method} answer: ${problem}`));
    }
    return { id: request.id ?? null, answer };
  };

  const respond = (method: string, params: unknown): Answer => {
    const named = (name: string, index: number) => (Array.isArray(params) ? params[index] : (params as Record<string, unknown>)[name]);
    switch (method) {
      case 'starknet_specVersion':
        return { result: version };
      case 'starknet_chainId':
        return { result: RESPONDER_CHAIN_ID };
      case 'starknet_blockNumber':
        return { result: RESPONDER_HEAD.number };
      case 'starknet_blockHashAndNumber':
        return { result: { block_hash: RESPONDER_HEAD.hash, block_number: RESPONDER_HEAD.number } };
      case 'starknet_getBlockWithTxHashes': {
        const missing = blockMissing(named('block_id', 0));
        return missing ?? { result: headBlock() };
      }
      case 'starknet_call': {
        const missing = blockMissing(named('block_id', 1));
        if (missing) return missing;
        const call = named('request', 0) as { contract_address: string; entry_point_selector: string; calldata: string[] };
        return tokenCall(call);
      }
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };

  const blockMissing = (blockId: unknown): Answer | undefined => {
    if (typeof blockId === 'string') return undefined;
    const id = blockId as { block_number?: number; block_hash?: string };
    if (id.block_number !== undefined && id.block_number <= RESPONDER_HEAD.number) return undefined;
    if (id.block_hash !== undefined && BigInt(id.block_hash) === BigInt(RESPONDER_HEAD.hash)) return undefined;
    return { error: spec.error('BLOCK_NOT_FOUND', 'starknet_call') };
  };

  const tokenCall = (call: { contract_address: string; entry_point_selector: string; calldata: string[] }): Answer => {
    if (BigInt(call.contract_address) !== BigInt(RESPONDER_TOKEN.address)) return { error: spec.error('CONTRACT_NOT_FOUND', 'starknet_call') };
    const chosen = BigInt(call.entry_point_selector);
    const is = (...names: string[]) => names.some((name) => BigInt(selector(name)) === chosen);
    const u256 = (value: bigint) => [felt(value & (2n ** 128n - 1n)), felt(value >> 128n)];
    const contractError = (error: unknown): Answer => {
      const data = { revert_error: error };
      ownProblems.push(...spec.schemaProblems('CONTRACT_EXECUTION_ERROR', error).map((problem) => `responder's own CONTRACT_ERROR: ${problem}`));
      return { error: { ...spec.error('CONTRACT_ERROR', 'starknet_call'), data } };
    };
    const failure = (reason: string) => `Execution failed. Failure reason: ${felt(BigInt(shortString.encodeShortString(reason)))} ('${reason}').`;
    // Cairo 1 entry points check their calldata's length: too few felts fail on the first missing param.
    const takes = (count: number): Answer | undefined => {
      if (call.calldata.length === count) return undefined;
      return contractError(failure(call.calldata.length < count ? `Failed to deserialize param #${call.calldata.length + 1}` : 'Input too long for arguments'));
    };
    if (is('name')) return takes(0) ?? { result: [shortString.encodeShortString(RESPONDER_TOKEN.name)] };
    if (is('symbol')) return takes(0) ?? { result: [shortString.encodeShortString(RESPONDER_TOKEN.symbol)] };
    if (is('decimals')) return takes(0) ?? { result: [felt(RESPONDER_TOKEN.decimals)] };
    if (is('totalSupply', 'total_supply')) return takes(0) ?? { result: u256(RESPONDER_TOKEN.totalSupply) };
    if (is('balanceOf', 'balance_of')) return takes(1) ?? { result: u256(RESPONDER_TOKEN.balances.get(BigInt(call.calldata[0]!)) ?? 0n) };
    if (is('transfer')) {
      // A view call of transfer from the zero caller: the balance check underflows, inside the token's ERC-20 component.
      return (
        takes(3) ??
        contractError({
          contract_address: RESPONDER_TOKEN.address,
          class_hash: RESPONDER_TOKEN.classHash,
          selector: selector('transfer'),
          error: failure('u256_sub Overflow'),
        })
      );
    }
    return { error: spec.error('ENTRYPOINT_NOT_FOUND', 'starknet_call') };
  };

  const headBlock = () => {
    const price = { price_in_wei: '0x3b9aca00', price_in_fri: '0x174876e800' };
    return {
      status: 'ACCEPTED_ON_L2',
      block_hash: RESPONDER_HEAD.hash,
      parent_hash: '0x2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081',
      block_number: RESPONDER_HEAD.number,
      new_root: '0x1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a798',
      timestamp: RESPONDER_HEAD.timestamp,
      sequencer_address: '0x1176a1bd84444c89232ec27754698e5d2e7e1a7f1539f12027f28b23ec9f3d8',
      l1_gas_price: price,
      l2_gas_price: price,
      l1_data_gas_price: price,
      l1_da_mode: 'BLOB',
      starknet_version: '0.14.0',
      event_commitment: '0x0',
      transaction_commitment: '0x0',
      receipt_commitment: '0x0',
      state_diff_commitment: '0x0',
      event_count: 0,
      transaction_count: 0,
      state_diff_length: 0,
      transactions: [],
    };
  };

  const one = (item: unknown) => {
    const { id, answer } = answerOne(item);
    return { jsonrpc: '2.0', id, ...answer };
  };
  // The HTTP side is the tests' JSON-RPC stand-in; a body that is not JSON (undefined there) is a parse error.
  const server = await startFakeRpcServer((body) => ({
    body: body === undefined ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } } : Array.isArray(body) ? body.map(one) : one(body),
  }));
  return {
    origin: server.origin,
    requests,
    problems: () => [...requests.flatMap((request) => request.problems.map((problem) => `${request.method}: ${problem}`)), ...ownProblems],
    close: () => server.close(),
  };
}

/** A spec loaded once for tests that check requests themselves. */
export const starknetSpec = (): StarknetSpec => loadStarknetSpec();
