import { encodeFunctionData, encodeFunctionResult, parseAbi, type Hex, type PublicClient } from 'viem';
import type { ApprovalRow, ApprovalsView } from '../../../src-shared/api/history';
import { droppedField, type DroppedBlocks } from '../../../src-shared/logs/droppedBlocks';
import { runLogQuery } from '../chains/runLogQuery';
import type { RawNodeLog } from '../chains/rawNodeLog';
import { readDecimals, readSymbol } from '../chains/tokenFacts';
import type { DecodingService } from '../decoding/createDecodingService';
import type { RpcService } from '../rpc/createRpcService';
import { approvalFilter, latestApprovals, UNLIMITED_FROM, type LatestApproval } from './approvals';

const abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function getApproved(uint256 id) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function supportsInterface(bytes4 id) view returns (bool)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);
/** ERC-165 interface ids: an operator's token says which standard it is. */
const ERC721_ID = '0x80ac58cd';
const ERC1155_ID = '0xd9b67a26';
/** How long the one request for the whole chain may take before the log planner is asked instead. */
const WHOLE_RANGE_MS = 3_000;

/** What reading an address's approvals needs. */
export interface ApprovalDeps {
  rpc: Pick<RpcService, 'request' | 'client'>;
  /** Names spenders: their labels (set by the person, or an imported ABI's name), else their metadata's contract name. */
  decoding?: Pick<DecodingService, 'labelsOf' | 'contractNameOf'>;
}

/**
 * The approvals `address` granted: its `Approval` and `ApprovalForAll` logs from block 0 to the head (one filter,
 * asked whole, else split within the node's limits by the log planner), the latest of each pair (`latestApprovals`), then, in one
 * eth_call at the head (Multicall3 deployed inside the call: see readAtHead): `allowance(owner, spender)`, `getApproved(id)`, `isApprovedForAll(owner, operator)`, each
 * token's `symbol()` and `decimals()` (and `supportsInterface` for an operator's), and the headers of blocks whose
 * logs carried no time. Meanwhile spenders are named: their label, else the contract name their metadata states.
 */
export async function approvalsOf(deps: ApprovalDeps, networkId: string, address: string, signal: AbortSignal): Promise<ApprovalsView> {
  const owner = address.toLowerCase() as `0x${string}`;
  let requests = 1;
  const filter = approvalFilter(owner);
  // The whole chain is asked in one request first, beside the head (an owner's approvals are few, and many nodes
  // answer a filtered range of any width); a node that refuses it (a range limit, too many results) or is slow to
  // answer is then asked through the log planner, in pieces within its limits, up to the head.
  const whole = AbortSignal.any([signal, AbortSignal.timeout(WHOLE_RANGE_MS)]);
  // The clients for the reads at the head are made meanwhile: the batching one, and one sending the multicall at once.
  const clients = Promise.all([deps.rpc.client(networkId, { signal }), deps.rpc.client(networkId, { signal, batch: false })]);
  clients.catch(() => {}); // read below, once the logs are in (a failure to resolve the network fails the logs too)
  const [headHex, answered] = await Promise.all([
    deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal }),
    deps.rpc.request<RawNodeLog[]>(networkId, 'eth_getLogs', [{ ...filter, fromBlock: '0x0', toBlock: 'latest' }], { signal: whole }).catch(() => {
      signal.throwIfAborted();
      return null;
    }),
  ]);
  requests += 1;
  let logs: RawNodeLog[];
  let dropped: DroppedBlocks[] = [];
  let head = BigInt(headHex);
  if (Array.isArray(answered)) {
    logs = answered;
    // 'latest' may have moved on after the head was read: the state is read at the newest block the logs reached.
    for (const log of logs) if (log.blockNumber && BigInt(log.blockNumber) > head) head = BigInt(log.blockNumber);
  } else {
    logs = [];
    const run = await runLogQuery<RawNodeLog>({
      request: (params, requestSignal) => deps.rpc.request(networkId, 'eth_getLogs', params, { signal: requestSignal }),
      filter,
      from: 0,
      to: Number(head),
      signal,
      passOverDropped: true,
      onLogs: (found) => void logs.push(...found),
      onProgress: () => undefined,
    });
    requests += run.requests;
    dropped = run.dropped ?? [];
  }
  const block = `0x${head.toString(16)}`;
  const latest = latestApprovals(logs, owner);
  if (latest.length === 0) return { address, block, rows: [], logs: logs.length, requests, ...droppedField(dropped) };

  // Every read of the state leaves in one eth_call, sent at once (see readAtHead); the headers beside it, batched.
  const [client, lone] = await clients;
  const ask = <T>(method: string, params: unknown[]) => (client.request({ method, params } as never) as Promise<T>).catch(() => null);
  const call = (to: string, data: Hex) => ask<Hex>('eth_call', [{ to, data }, block]);
  const { reads, tokens, operatorTokens } = headReadsOf(latest, owner);
  const untimed = [...new Set(latest.filter((approval) => approval.blockTimestamp === null).map((approval) => approval.blockNumber))];
  // Spenders are named meanwhile: their code, then the name their metadata file states (its sources are not read).
  const naming = nameSpenders(deps.decoding, networkId, [...new Set(latest.map((approval) => approval.spender))], signal);
  const reading = readAtHead(lone, reads, head, call);
  const headers = untimed.map((number) => ask<{ timestamp?: string } | null>('eth_getBlockByNumber', [`0x${number.toString(16)}`, false]));
  const [read, headerAnswers, names] = await Promise.all([reading, Promise.all(headers), naming]);
  requests += read.requests + headers.length;
  const answers = read.answers.slice(0, latest.length);
  const tokenFacts = tokens.map((_, i) => read.answers.slice(latest.length + 2 * i, latest.length + 2 * i + 2));
  const standardAnswers = operatorTokens.map((_, i) => read.answers.slice(latest.length + 2 * tokens.length + 2 * i, latest.length + 2 * tokens.length + 2 * i + 2));

  const factsOf = new Map(tokens.map((token, i) => [token, { symbol: readSymbol(tokenFacts[i]![0] ?? null), decimals: readDecimals(tokenFacts[i]![1] ?? null) }]));
  const standardOf = new Map(operatorTokens.map((token, i) => [token, isTrue(standardAnswers[i]![1] ?? null) ? ('erc1155' as const) : isTrue(standardAnswers[i]![0] ?? null) ? ('erc721' as const) : null]));
  const timeOf = new Map(untimed.map((number, i) => [number, headerAnswers[i]?.timestamp ?? null]));

  const rows = latest.map((approval, i): ApprovalRow => {
    const answer = answers[i] ?? null;
    const { symbol, decimals } = factsOf.get(approval.token)!;
    const allowance = approval.kind === 'allowance' ? word(answer) : null;
    const active =
      approval.kind === 'allowance' ? (allowance ?? approval.granted ?? 0n) > 0n : approval.kind === 'token' ? addressIn(answer) === approval.spender : (isTrue(answer) ?? approval.approved === true);
    return {
      id: approval.id,
      kind: approval.kind,
      standard: approval.kind === 'allowance' ? 'erc20' : approval.kind === 'token' ? 'erc721' : standardOf.get(approval.token) ?? null,
      token: approval.token,
      symbol,
      decimals: approval.kind === 'allowance' ? decimals : 0,
      spender: approval.spender,
      spenderName: names.get(approval.spender) ?? null,
      tokenId: approval.tokenId === null ? null : approval.tokenId.toString(10),
      granted: approval.granted === null ? null : approval.granted.toString(10),
      allowance: allowance === null ? null : allowance.toString(10),
      active,
      unlimited: approval.kind === 'allowance' && (allowance ?? approval.granted ?? 0n) >= UNLIMITED_FROM,
      blockNumber: `0x${approval.blockNumber.toString(16)}`,
      timestamp: approval.blockTimestamp ?? timeOf.get(approval.blockNumber) ?? null,
      transactionHash: approval.transactionHash,
      logIndex: approval.logIndex,
    };
  });
  rows.sort(byStandingThenNewest);
  return { address, block, rows, logs: logs.length, requests, ...droppedField(dropped) };
}

/**
 * Every read of the state at the head that an owner's latest approvals need, in order: what each approval stands at
 * now, each token's symbol and decimals, and which standard an operator's token is (ERC-165).
 */
export function headReadsOf(latest: readonly LatestApproval[], owner: `0x${string}`): { reads: HeadRead[]; tokens: string[]; operatorTokens: string[] } {
  const tokens = [...new Set(latest.map((approval) => approval.token))];
  const operatorTokens = [...new Set(latest.filter((approval) => approval.kind === 'operator').map((approval) => approval.token))];
  const reads: HeadRead[] = [
    ...latest.map(
      (approval): HeadRead =>
        approval.kind === 'allowance'
          ? { address: approval.token, functionName: 'allowance', args: [owner, approval.spender as `0x${string}`] }
          : approval.kind === 'token'
            ? { address: approval.token, functionName: 'getApproved', args: [approval.tokenId!] }
            : { address: approval.token, functionName: 'isApprovedForAll', args: [owner, approval.spender as `0x${string}`] },
    ),
    ...tokens.flatMap((token): HeadRead[] => [
      { address: token, functionName: 'symbol' },
      { address: token, functionName: 'decimals' },
    ]),
    ...operatorTokens.flatMap((token): HeadRead[] => [ERC721_ID, ERC1155_ID].map((id) => ({ address: token, functionName: 'supportsInterface', args: [id as Hex] }))),
  ];
  return { reads, tokens, operatorTokens };
}

/** The reads as viem's multicall takes them. */
export function multicallContracts(reads: readonly HeadRead[]) {
  return reads.map((read) => ({ abi, address: read.address as `0x${string}`, functionName: read.functionName, args: read.args }));
}

/** One read of a contract's state at the head. */
export interface HeadRead {
  address: string;
  functionName: 'allowance' | 'getApproved' | 'isApprovedForAll' | 'symbol' | 'decimals' | 'supportsInterface';
  args?: readonly unknown[];
}

/**
 * The reads' answers at `block`, as the raw words a call returns (null for a call that failed), in one round to the
 * node: a single eth_call of Multicall3 deployed inside the call itself (viem's deployless multicall: no contract of
 * our own on the chain, no state override), each read allowed to fail. A symbol() answered as bytes32 (older tokens)
 * does not decode as a string there and is asked on its own. A node that refuses an eth_call without a `to` gets each
 * read as its own eth_call, in one JSON-RPC batch.
 */
async function readAtHead(client: PublicClient, reads: HeadRead[], block: bigint, call: (to: string, data: Hex) => Promise<Hex | null>): Promise<{ answers: (Hex | null)[]; requests: number }> {
  const data = (read: HeadRead) => encodeFunctionData({ abi, functionName: read.functionName, args: read.args } as Parameters<typeof encodeFunctionData>[0]);
  if (reads.length === 0) return { answers: [], requests: 0 };
  try {
    const results = await client.multicall({
      contracts: multicallContracts(reads) as never,
      allowFailure: true,
      deployless: true,
      blockNumber: block,
      batchSize: 0,
    });
    let requests = 1;
    const answers = await Promise.all(
      (results as { status: 'success' | 'failure'; result?: unknown }[]).map(async (result, i) => {
        const read = reads[i]!;
        if (result.status === 'success') return encodeFunctionResult({ abi, functionName: read.functionName, result: result.result } as Parameters<typeof encodeFunctionResult>[0]) as Hex;
        if (read.functionName !== 'symbol') return null;
        requests += 1;
        return call(read.address, data(read));
      }),
    );
    return { answers, requests };
  } catch {
    return { answers: await Promise.all(reads.map((read) => call(read.address, data(read)))), requests: reads.length };
  }
}

/** Standing approvals first; newest first within each. */
function byStandingThenNewest(a: ApprovalRow, b: ApprovalRow): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  const x = BigInt(a.blockNumber);
  const y = BigInt(b.blockNumber);
  return x === y ? b.logIndex - a.logIndex : x > y ? -1 : 1;
}

/** Each spender's label (set by the person, or the name an imported ABI carried), else the contract name its Solidity metadata states. */
async function nameSpenders(decoding: ApprovalDeps['decoding'], networkId: string, spenders: string[], signal: AbortSignal): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!decoding) return names;
  const labelOf = decoding.labelsOf(networkId);
  await Promise.all(
    spenders.map(async (spender) => {
      const label = labelOf(spender);
      if (label) return void names.set(spender, label);
      const name = await decoding.contractNameOf(networkId, spender, signal).catch(() => null);
      if (name) names.set(spender, name);
    }),
  );
  return names;
}

/** A uint256 answer, or null for one that is not a word. */
function word(answer: Hex | null): bigint | null {
  return answer && /^0x[0-9a-fA-F]{64}$/.test(answer) ? BigInt(answer) : null;
}

/** A bool answer (null when not a 0 or 1 word). */
function isTrue(answer: Hex | null): boolean | null {
  const value = word(answer);
  return value === null || value > 1n ? null : value === 1n;
}

/** An address answer, lowercase (null when not an address word). */
function addressIn(answer: Hex | null): string | null {
  return answer && /^0x0{24}[0-9a-fA-F]{40}$/.test(answer) ? `0x${answer.slice(26)}`.toLowerCase() : null;
}
