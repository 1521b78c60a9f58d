import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../../src-shared/api/explorer';
import type { TraceFrameView, TraceView } from '../../../../src-shared/trace/traceView';
import { caseFileJson, caseFileMarkdown } from './caseFile';
import { explainTransaction } from './explainTransaction';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

function view(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    transaction: { hash: `0x${'1'.repeat(64)}`, from: FROM, to: TO, value: '0x0', input: '0xb20eb4c4', nonce: '0x1', type: '0x2' },
    receipt: { status: '0x1', gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00', logs: [] },
    pending: false,
    block: { number: '0x78', hash: `0x${'2'.repeat(64)}`, timestamp: '0x1', miner: FROM, transactionCount: 3, gasUsed: '0x1', gasLimit: '0x2', baseFeePerGas: null },
    head: '0x80',
    position: { index: 1, count: 3, previous: null, next: null },
    fee: `0x${(21000n * 1_000_000_000n).toString(16)}`,
    input: { status: 'decoded', selector: '0xb20eb4c4', name: 'bump', signature: 'bump(uint256)', args: [{ name: 'max', type: 'uint256', value: '0' }], source: 'metadata', alternatives: [] },
    logs: [],
    transfers: [],
    revert: null,
    addresses: {},
    ...overrides,
  };
}

describe('a transaction in plain words', () => {
  it("says a token's amount in its units, with its raw integer", () => {
    const input = { status: 'decoded' as const, selector: '0xa9059cbb', name: 'transfer', signature: 'transfer(address,uint256)', source: 'metadata' as const, alternatives: [], args: [
      { name: 'to', type: 'address', value: TO },
      { name: 'amount', type: 'uint256', value: '6400000000000000000000', units: { decimals: 18, symbol: 'GLS' } },
    ] };
    expect(explainTransaction(view({ input }), 'L').lines).toContain(`It called transfer(to = ${TO}, amount = 6,400 GLS (6400000000000000000000 base units)) on ${TO}.`);
  });

  it('says it succeeded, where, who paid what, and what it called', () => {
    expect(explainTransaction(view(), 'Local sandbox')).toEqual({
      outcome: 'succeeded',
      headline: 'Succeeded',
      lines: [
        'In block 120 on Local sandbox, transaction 2 of 3.',
        `${FROM} paid a fee of 0.000021 ETH (21,000 gas at 1 gwei).`,
        `It called bump(max = 0) on ${TO}.`,
      ],
    });
  });

  it('puts the reason of a failure first, and says it was reproduced', () => {
    const failed = view({
      receipt: { status: '0x0', gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00' },
      revert: { atBlock: '0x77', reproduced: true, decoding: { status: 'decoded', selector: '0x08c379a0', name: 'Error', signature: 'Error(string)', args: [], source: 'builtin', alternatives: [], message: 'Reverter: counter above max' } },
    });
    const explained = explainTransaction(failed, 'Local sandbox');
    expect(explained.headline).toBe('Failed: Reverter: counter above max');
    expect(explained.lines).toContain('The revert was reproduced with eth_call at block 119 (its parent block).');
  });

  it('names token movements, a creation, and a pending transaction', () => {
    const transfer = view({ transfers: [{ standard: 'ERC-20', token: TO, symbol: 'SUSD', decimals: 6, from: FROM, to: TO, amount: '1500000', tokenId: null, logIndex: 0 }] });
    expect(explainTransaction(transfer, 'L').lines).toContain(`1.5 SUSD moved from ${FROM} to ${TO} (ERC-20 at ${TO}).`);
    const creation = view({ transaction: { hash: '0x1', from: FROM, to: null, value: '0x0' }, input: null, receipt: { status: '0x1', contractAddress: TO, gasUsed: '0x1', effectiveGasPrice: '0x1' } });
    expect(explainTransaction(creation, 'L').lines).toContain(`It created the contract ${TO}.`);
    expect(explainTransaction(view({ pending: true, receipt: null, block: null, fee: null, position: null }), 'Local sandbox').headline).toBe('Pending: not yet in a block on Local sandbox');
  });

  it('writes a case file holding the summary, the facts and the receipt', () => {
    const text = caseFileMarkdown(view(), 'Local sandbox', new Date('2026-01-02T03:04:05Z'));
    expect(text.startsWith(`# Transaction 0x${'1'.repeat(64)}\n\n**Succeeded**\n\n- In block 120 on Local sandbox, transaction 2 of 3.`)).toBe(true);
    expect(text).toContain('| Fee (wei) | 21000000000000 |');
    expect(text).toContain('`bump(uint256)` (from the metadata)');
    expect(text).toContain('"status": "0x1"');
    expect(text).toContain('_Case file made by Blockglass on 2026-01-02T03:04:05.000Z._');
  });

  it('writes the path of calls to where the revert began in both files, when the trace is known', () => {
    const frame = (depth: number, contract: string, name: string, children: TraceFrameView[] = []): TraceFrameView => ({
      kind: 'call', from: FROM, to: TO.toLowerCase() as `0x${string}`, value: '0x0', input: '0x', gas: '0x1', gasUsed: '0x1', depth, error: 'execution reverted', contract,
      call: { status: 'decoded', selector: '0x00000000', name, signature: `${name}()`, args: [], source: 'metadata', alternatives: [] }, children,
    });
    const origin = { ...frame(1, 'TraceToken', 'transfer'), revert: { status: 'raw' as const, reason: 'x', alternatives: [], message: 'ERC20InsufficientBalance(…)' } };
    const trace: TraceView = { hash: `0x${'1'.repeat(64)}`, source: 'replay', check: { matchesReceipt: true, differences: [] }, root: frame(0, 'TraceRouter', 'redeem', [origin]), summary: { calls: 1, depth: 1, failed: 2, revertOrigin: [0] } };
    const markdown = caseFileMarkdown(view(), 'Local sandbox', new Date(), trace);
    expect(markdown).toContain(`## Where the revert began\n\nThe path of calls (replayed in Blockglass), the last where it began:\n\n1. \`TraceRouter.redeem\` at \`${TO}\` (depth 0)\n2. \`TraceToken.transfer\` at \`${TO}\` (depth 1)\n\nIt reverted with: ERC20InsufficientBalance(…)`);
    expect(JSON.parse(caseFileJson(view(), 'L', trace)).revertPath.steps.map((step: { call: string }) => step.call)).toEqual(['TraceRouter.redeem', 'TraceToken.transfer']);
    expect(caseFileMarkdown(view(), 'L')).not.toContain('Where the revert began');
  });

  it('writes each address one way, checksummed, and an empty logs bloom as "empty", in the summary and both files', () => {
    // The node answers lowercase; the case file must not write the same address two ways.
    const lower = view({
      transaction: { hash: `0x${'1'.repeat(64)}`, from: FROM.toLowerCase(), to: TO.toLowerCase(), value: '0x0', input: '0xb20eb4c4', nonce: '0x1', type: '0x2' },
      receipt: { status: '0x1', from: FROM.toLowerCase(), to: TO.toLowerCase(), gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00', logsBloom: `0x${'0'.repeat(512)}`, logs: [{ address: TO.toLowerCase(), topics: [], data: '0x' }] },
      logs: [{ log: { address: TO.toLowerCase(), topics: [], data: '0x' }, decoded: { status: 'raw', selector: null, reason: 'No topic.', alternatives: [] } } as unknown as TransactionView['logs'][number]],
    });
    expect(explainTransaction(lower, 'L').lines).toContain(`It called bump(max = 0) on ${TO}.`);
    for (const text of [caseFileMarkdown(lower, 'Local sandbox'), caseFileJson(lower, 'Local sandbox')]) {
      expect(text).not.toContain(FROM.toLowerCase());
      expect(text).not.toContain(TO.toLowerCase());
      expect(text).toContain(FROM);
      expect(text).toContain(TO);
      expect(text).toContain('"logsBloom": "empty"');
      expect(text).not.toMatch(/0{64}/);
    }
    // A bloom with a bit set is kept whole.
    const bloom = `0x${'0'.repeat(500)}${'8'.repeat(12)}`;
    expect(caseFileJson(view({ receipt: { status: '0x1', logsBloom: bloom } }), 'L')).toContain(`"logsBloom": "${bloom}"`);
  });

  it('says "1 event", not "1 events"', () => {
    const emitted = view({ input: null, logs: [{} as TransactionView['logs'][number]] });
    expect(explainTransaction(emitted, 'L').lines).toContain('It emitted 1 event; no token moved.');
  });
});
