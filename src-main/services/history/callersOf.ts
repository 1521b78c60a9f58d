import { numberToHex } from 'viem';
import { setMaxListeners } from 'node:events';
import type { CallerRow, CallersEvent, CallersMode } from '../../../src-shared/api/callers';
import type { NotKeptRange } from '../../../src-shared/api/history';
import type { BlockReader } from '../chains/blockReader';
import type { RawNodeLog } from '../chains/rawNodeLog';
import { runLogQuery } from '../chains/runLogQuery';
import { walkCauses } from '../errors/blockglassError';
import { isNodeFailure, type NodeError } from '../rpc/nodeError';
import type { RpcService } from '../rpc/createRpcService';
import { KnownAtBlocks } from './knownAtBlocks';
import { locateStateChanges } from './locateStateChanges';
import { MAX_TRACED_PER_SCAN, type CallTreeOf } from './internalTouches';
import { readTouchingRows } from './readTouchingRows';
import { settledHeadState } from './settledHeadState';
import { BlockRanges, orUnkept, UNKEPT } from './unkeptState';
import type { OldStateReads } from './oldStateReads';

/** What a visit keeps for the next (at or below a finalized block): the state there, and the rows up to it. */
export interface KeptCallers {
  mode: CallersMode;
  isContract: boolean;
  /** The first block looked at (0x hex): the contract's creation block, or 0 for an account. */
  from: string;
  /** The finalized block covered (0x hex), and the address's state read there. */
  coveredTo: string;
  state: string;
  changedBlocks: number;
  rows: (CallerRow & { input: string | null })[];
  /** Runs of blocks up to `coveredTo` whose state the node did not keep (absent where kept by an earlier version). */
  notKept?: NotKeptRange[];
}

/** What finding an address's callers needs. */
export interface CallersDeps {
  rpc: Pick<RpcService, 'request' | 'client'>;
  explorer: Pick<BlockReader, 'methodLabel'>;
  /** The contract's creation (block and deploying transaction); null for an address without code. */
  creation: (networkId: string, address: string, signal: AbortSignal) => Promise<{ block: string; transactionHash: string | null } | null>;
  /** Call trees, to name the transactions behind an internal change (the trace service's; a replay where the node has no tracer). */
  callTree?: CallTreeOf;
  /** The network's queue of reads at past blocks (see oldStateReads.ts); none: each read is sent at once. */
  oldStateReads?: OldStateReads;
}

/** Candidate blocks read at once. */
const BLOCK_READS = 16;
/** At most one progress event per this many ms. */
const PROGRESS_MS = 100;

/**
 * Who called `address` (a contract), or what came into it (an account): the blocks where its state changed
 * (`locateStateChanges` on eth_getProof, or on its balance where the node refuses eth_getProof), with the blocks
 * of its logs, then each block's transactions that touched it (`readTouchingRows`). Rows are emitted as found, kept
 * ones first; returns what to keep for the next visit (undefined when nothing is at or below `finalized`).
 */
export async function callersOf(
  deps: CallersDeps,
  networkId: string,
  address: string,
  kept: KeptCallers | undefined,
  emit: (event: CallersEvent) => void,
  given: AbortSignal,
): Promise<KeptCallers | undefined> {
  const me = address.toLowerCase();
  // Its own signal, tied to the caller's: the block reads, the bisection's batches and the log planner all listen to
  // it at once (more than Node's default of 10 listeners, which it would warn about as a leak). The rpc service's
  // client links a signal of its own to it, which viem listens to once per batch in flight: that one may still warn.
  const signal = AbortSignal.any([given]);
  setMaxListeners(4 * BLOCK_READS + 16, signal);
  let requests = 0;
  const counted = <T>(request: Promise<T>): Promise<T> => ((requests += 1), request);
  const [headHex, finalizedBlock] = await Promise.all([
    counted(deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal })),
    counted(deps.rpc.request<{ number?: string } | null>(networkId, 'eth_getBlockByNumber', ['finalized', false], { signal }).catch(() => null)),
  ]);
  const head = BigInt(headHex);
  const finalized = typeof finalizedBlock?.number === 'string' ? BigInt(finalizedBlock.number) : -1n;

  // eth_getProof at the head tells whether the node offers it; a refusal is said, and the balance used instead.
  // One batching client: what is asked in the same tick (a level of the bisection, the block readers' reads) leaves
  // as one JSON-RPC batch.
  const client = await deps.rpc.client(networkId, { signal });
  const ask = <T>(method: string, params: unknown[]) => counted(client.request({ method, params } as never) as Promise<T>);
  let mode: CallersMode = 'proof';
  let proofRefused: string | null = null;
  const queued = deps.oldStateReads ?? ((_id: string, read: () => Promise<string>) => read());
  const proofState = async (block: bigint) => {
    const proof = await ask<{ balance: string; nonce: string; storageHash: string; codeHash: string }>('eth_getProof', [me, [], numberToHex(block)]);
    return `${BigInt(proof.balance).toString(10)}:${BigInt(proof.nonce).toString(10)}:${proof.storageHash.toLowerCase()}:${proof.codeHash.toLowerCase()}`;
  };
  const balanceState = async (block: bigint) => BigInt(await ask<string>('eth_getBalance', [me, numberToHex(block)])).toString(10);
  let known = new KnownAtBlocks<string>();
  try {
    known.set(head, await queued(networkId, () => proofState(head)));
  } catch (error) {
    signal.throwIfAborted();
    // Refused by the node (a method it lacks, parameters it will not take): not a fault of the network.
    const refusal = walkCauses(error, (cause) => isNodeFailure(cause, 'methodNotFound', 'invalidParams', 'rpc')) as NodeError | null;
    if (!refusal) throw error;
    mode = 'balance';
    proofRefused = refusal.nodeSaid ?? refusal.shortMessage;
  }
  // Where the node keeps no state of a block (see unkeptState.ts), the run is bounded and said; the logs still cover it.
  const stateAt = orUnkept((block: bigint) => queued(networkId, () => (mode === 'proof' ? proofState(block) : balanceState(block))));
  const unkept = new BlockRanges();

  // Where to start: what an earlier visit kept; else, with proofs, block 0 (the contract's creation is the change
  // that gave it code, found by the same bisection); else its creation by bisection on its code (findCreation).
  const usable = kept && kept.mode === mode && BigInt(kept.coveredTo) <= head ? kept : undefined;
  let isContract: boolean;
  let from: bigint;
  let deployment: string | null | 'find' = null;
  if (usable) {
    isContract = usable.isContract;
    from = BigInt(usable.from);
  } else if (mode === 'proof') {
    isContract = codeHashIn(known.get(head)!) !== EMPTY_CODE_HASH;
    from = 0n;
    deployment = 'find';
  } else {
    const creation = await deps.creation(networkId, me, signal);
    isContract = creation !== null;
    from = creation ? BigInt(creation.block) : 0n;
    deployment = creation?.transactionHash ?? null;
  }
  const scanFrom = usable ? BigInt(usable.coveredTo) : from;
  if (usable) known.set(scanFrom, usable.state);
  emit({ kind: 'start', mode, from: numberToHex(from), head: headHex, isContract, keptUpTo: usable ? usable.coveredTo : null, proofRefused });
  const rows: (CallerRow & { input: string | null })[] = [];
  if (usable) {
    const named = await Promise.all(usable.rows.map(async (row) => ({ ...row, method: row.input === null ? null : await deps.explorer.methodLabel(networkId, row.to, row.input) })));
    rows.push(...named);
    if (named.length > 0) emit({ kind: 'rows', rows: named.map(withoutInput) });
  }

  let progress = { phase: 'bisecting' as 'bisecting' | 'reading', stateReads: 0, changedBlocks: 0, blocksRead: 0 };
  let lastProgress = 0;
  const tell = (force = false) => {
    const now = performance.now();
    if (!force && now - lastProgress < PROGRESS_MS) return;
    lastProgress = now;
    emit({ kind: 'progress', ...progress, requests });
  };
  tell(true);

  // The finalized block's state is read first: what is found up to it is kept, and a later visit starts there.
  if (finalized > scanFrom && finalized < head && known.get(finalized) === undefined) {
    const state = await stateAt(finalized);
    if (state !== UNKEPT) known.set(finalized, state);
  }
  // The contract's logs over the same blocks (one filter, through the log planner), beside the bisection: a block
  // where it emitted without a change of state is looked at too, and the transactions its logs name are found.
  const logHashes = new Map<bigint, Set<string>>();
  const logsPer = new Map<string, number>();
  const logs = isContract && head > scanFrom
    ? runLogQuery<RawNodeLog>({
        request: (params, requestSignal) => counted(deps.rpc.request(networkId, 'eth_getLogs', params, { signal: requestSignal })),
        filter: { address: me },
        from: Number(usable ? scanFrom + 1n : scanFrom),
        to: Number(head),
        signal,
        // Blocks the node dropped hold no state it keeps either: the bisection lists them as not kept, and says so.
        passOverDropped: true,
        onLogs: (found) => {
          for (const log of found) {
            if (log.removed || !log.blockNumber || !log.transactionHash) continue;
            const block = BigInt(log.blockNumber);
            const hashes = logHashes.get(block) ?? new Set<string>();
            hashes.add(log.transactionHash.toLowerCase());
            logHashes.set(block, hashes);
            logsPer.set(log.transactionHash.toLowerCase(), (logsPer.get(log.transactionHash.toLowerCase()) ?? 0) + 1);
          }
        },
        onProgress: () => undefined,
      })
    : Promise.resolve();
  const [located] = await Promise.all([
    locateStateChanges(scanFrom, head, known, stateAt, ({ reads, changes: found }) => {
      progress = { ...progress, stateReads: reads, changedBlocks: found };
      tell();
    }, unkept),
    logs,
  ]);
  let changes = located;
  // The head's state, read again once the chain is past it (a node mining on a timer may have answered the first
  // read with the next block's state: settledHeadState.ts); where it differs, the search runs again over what is known.
  const headState = known.get(head);
  const settled = head > scanFrom && headState !== undefined
    ? await settledHeadState(head, headState, async () => BigInt(await counted(deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal }))), stateAt)
    : null;
  if (settled !== null) {
    known = new KnownAtBlocks(known.entries().map(([block, state]): [bigint, string] => [block, block === head ? settled : state]));
    changes = await locateStateChanges(scanFrom, head, known, stateAt, undefined, unkept);
  }
  if (!usable && mode === 'proof' && isContract) {
    // Its creation: the first block at whose end it holds code (block 0 where the chain began with it).
    const genesis = known.get(0n);
    const withCode = (block: bigint) => codeHashIn(known.get(block)!) !== EMPTY_CODE_HASH;
    from = genesis !== undefined && codeHashIn(genesis) !== EMPTY_CODE_HASH ? 0n : (changes.find(withCode) ?? 0n);
    changes = changes.filter((block) => block > from);
  }
  const changedSet = new Set<bigint>(changes);
  const candidates = new Set<bigint>(changes);
  for (const block of logHashes.keys()) candidates.add(block);
  if (!usable && isContract) candidates.add(from);
  const blocks = [...candidates].sort((a, b) => (a < b ? -1 : 1));
  progress = { ...progress, phase: 'reading', changedBlocks: changes.length };
  tell(true);

  // Call trees are read only for blocks whose change no transaction explains on its face, and a few per scan.
  let traced = 0;
  const callTree = deps.callTree
    ? async (hash: `0x${string}`) => {
        if (traced >= MAX_TRACED_PER_SCAN) return null;
        traced += 1;
        try {
          return await deps.callTree!(networkId, hash, signal);
        } catch {
          signal.throwIfAborted();
          return null; // the block's change is said of the block
        }
      }
    : undefined;
  let next = 0;
  const readOne = async (): Promise<void> => {
    while (next < blocks.length) {
      const block = blocks[next++]!;
      const changed = changedSet.has(block) || (!usable && block === from);
      const before = known.get(block - 1n);
      const after = known.get(block);
      const found = await readTouchingRows(
        { ask, methodLabel: (to, input) => deps.explorer.methodLabel(networkId, to, input), ...(callTree ? { callTree } : {}) },
        {
          address: me,
          block,
          isContract,
          deployment: !usable && block === from ? deployment : null,
          logHashes: logHashes.get(block) ?? new Set(),
          logsPer,
          // The balance's change over the block, where both ends were read (a change of state found by bisection).
          balanceChange: changed && before !== undefined && after !== undefined ? balanceIn(after) - balanceIn(before) : null,
          changed,
        },
      );
      rows.push(...found);
      progress = { ...progress, blocksRead: progress.blocksRead + 1 };
      if (found.length > 0) emit({ kind: 'rows', rows: found.map(withoutInput) });
      tell();
    }
  };
  await Promise.all(Array.from({ length: Math.min(BLOCK_READS, blocks.length) }, readOne));
  const notKept = [...(usable?.notKept ?? []), ...unkept.list().map((range) => ({ from: numberToHex(range.from), to: numberToHex(range.to) }))];
  emit({ kind: 'done', head: headHex, from: numberToHex(from), count: rows.length, changedBlocks: (usable?.changedBlocks ?? 0) + changes.length, requests, notKept });

  const keepTo = known.get(finalized) !== undefined ? finalized : usable ? BigInt(usable.coveredTo) : -1n;
  if (keepTo < 0n) return undefined;
  return {
    mode,
    isContract,
    from: numberToHex(from),
    coveredTo: numberToHex(keepTo),
    state: known.get(keepTo)!,
    changedBlocks: (usable?.changedBlocks ?? 0) + changes.filter((block) => block <= keepTo).length,
    notKept: notKept.filter((range) => BigInt(range.to) < keepTo),
    rows: rows.filter((row) => BigInt(row.blockNumber) <= keepTo),
  };
}


/** keccak256 of no code: the code hash of an address that holds none. */
const EMPTY_CODE_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/** The code hash a proof's state string holds (its fourth field); '' for a balance alone. */
const codeHashIn = (state: string): string => state.split(':')[3] ?? '';

/** The balance a state string holds: its first field (wei, decimal). */
const balanceIn = (state: string): bigint => BigInt(state.split(':')[0]!);

function withoutInput({ input: _input, ...row }: CallerRow & { input: string | null }): CallerRow {
  return row;
}
