import { describe, expect, it } from 'vitest';
import type { TraceFrameView, TraceView } from '../../../../../src-shared/trace/traceView';
import { callText, failedIn, frameName, revertPath, revertPlace } from './frameNames';

const TO = '0x0165878a594ca255338adfa4d48449f69242eb8f';
const frame = (fields: Partial<TraceFrameView> = {}): TraceFrameView => ({ kind: 'call', from: TO, to: TO, value: '0x0', input: '0x', gas: '0x0', gasUsed: '0x0', depth: 0, children: [], ...fields });
const call = (name: string, args: [string, string][] = []) => ({ status: 'decoded' as const, selector: '0xa9059cbb', name, signature: `${name}()`, args: args.map(([argName, value]) => ({ name: argName, type: 'uint256', value })), source: 'metadata' as const, alternatives: [] });

describe('frameName', () => {
  it.each([
    ['the contract and its decoded function', frame({ contract: 'TraceToken', call: call('transfer') }), 'TraceToken.transfer'],
    ['a label where no contract name is known', frame({ label: 'Glass token', call: call('transfer') }), 'Glass token.transfer'],
    ['the address, checksummed and cut, and the raw selector', frame({ input: '0xa9059cbb0000' }), '0x0165878A…42Eb8F.0xa9059cbb'],
    ['a creation runs its constructor', frame({ kind: 'create2', contract: 'TraceChild' }), 'TraceChild.constructor'],
  ])('%s', (_, given, name) => expect(frameName(given)).toBe(name));
});

describe('callText', () => {
  it('writes named arguments with their names, unnamed ones by value alone', () => {
    expect(callText(frame({ call: call('pay', [['amount', '5'], ['arg1', '6']]) }))).toBe('pay(amount: 5, 6)');
    expect(callText(frame({ value: '0x1' }))).toBe('(ETH sent, no data)');
    // A token's amount in its units, as main marks it.
    const transfer = call('transfer', [['value', '1000000000000000000000']]);
    transfer.args[0] = { ...transfer.args[0]!, units: { decimals: 18, symbol: 'TRC' } } as (typeof transfer.args)[number];
    expect(callText(frame({ call: transfer }))).toBe('transfer(value: 1,000 TRC)');
  });
});

describe('revertPlace', () => {
  const token = frame({ depth: 2, contract: 'TraceToken', call: call('transfer'), error: 'execution reverted', revert: { ...call('Boom'), message: 'Boom()' } });
  const vault = frame({ depth: 1, contract: 'TraceVault', call: call('pay'), error: 'execution reverted', children: [token] });
  const root = frame({ contract: 'TraceRouter', call: call('redeem'), error: 'execution reverted', children: [vault] });
  const trace = (fields: Partial<TraceView>): TraceView => ({ hash: `0x${'1'.repeat(64)}`, source: 'callTracer', root, summary: { calls: 2, depth: 2, failed: 3, revertOrigin: [0, 0] }, ...fields });

  it.each([
    ['names the origin, its caller and the revert', trace({}), 'Reverted in TraceToken.transfer, called by TraceVault.pay: Boom()'],
    ['says nothing more than the headline when the transaction itself reverted', trace({ summary: { calls: 2, depth: 2, failed: 1, revertOrigin: [] } }), undefined],
    ['says nothing of a transaction that did not fail', trace({ summary: { calls: 2, depth: 2, failed: 0 } }), undefined],
    ['does not believe a replay that missed the receipt', trace({ source: 'replay', check: { matchesReceipt: false, differences: [] } }), undefined],
  ])('%s', (_, given, text) => expect(revertPlace(given)).toBe(text));
});

describe('failedIn', () => {
  const caller = frame({ contract: 'TraceRouter', call: call('redeem') });
  it.each([
    ['a revert, with its reason decoded', frame({ contract: 'TraceToken', call: call('transfer'), error: 'execution reverted', revert: { ...call('Boom'), message: 'Boom()' } }), 'Reverted in TraceToken.transfer, called by TraceRouter.redeem: Boom()'],
    ['a revert that gave no data', frame({ contract: 'TraceToken', call: call('transfer'), error: 'execution reverted' }), 'Reverted in TraceToken.transfer, called by TraceRouter.redeem: execution reverted'],
    // An out-of-gas frame returns no data: "reverted without a reason" would hide what happened.
    ['gas run out, whatever its empty output decodes to', frame({ contract: 'TracePool', call: call('redeem'), error: 'out of gas', revert: { ...call('x'), message: 'Reverted without a reason' } }), 'Ran out of gas in TracePool.redeem, called by TraceRouter.redeem'],
    ['another failure, in the node\'s words', frame({ contract: 'TracePool', call: call('redeem'), error: 'invalid opcode: INVALID' }), 'Failed in TracePool.redeem, called by TraceRouter.redeem: invalid opcode: INVALID'],
  ])('%s', (_, origin, text) => expect(failedIn(origin, caller)).toBe(text));
});

describe('revertPath', () => {
  const token = frame({ depth: 2, contract: 'TraceToken', call: call('transfer'), error: 'execution reverted', revert: { ...call('Boom'), message: 'Boom()' } });
  const vault = frame({ depth: 1, contract: 'TraceVault', call: call('pay'), error: 'execution reverted', children: [frame({ depth: 2 }), token] });
  const root = frame({ contract: 'TraceRouter', call: call('redeem'), error: 'execution reverted', children: [vault] });
  const trace = (fields: Partial<TraceView>): TraceView => ({ hash: `0x${'1'.repeat(64)}`, source: 'replay', check: { matchesReceipt: true, differences: [] }, root, summary: { calls: 3, depth: 2, failed: 3, revertOrigin: [0, 1] }, ...fields });

  it('lists the calls from the transaction down to where its revert began, with their depths, addresses and the revert', () => {
    const checksummed = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
    expect(revertPath(trace({}))).toEqual({
      steps: [
        { depth: 0, call: 'TraceRouter.redeem', to: checksummed, error: 'execution reverted' },
        { depth: 1, call: 'TraceVault.pay', to: checksummed, error: 'execution reverted' },
        { depth: 2, call: 'TraceToken.transfer', to: checksummed, error: 'execution reverted' },
      ],
      reason: 'Boom()',
    });
  });

  it('says nothing of a transaction that did not fail, nor of a replay that missed the receipt', () => {
    expect(revertPath(trace({ summary: { calls: 3, depth: 2, failed: 0 } }))).toBeUndefined();
    expect(revertPath(trace({ check: { matchesReceipt: false, differences: [{ field: 'gasUsed', receipt: '1', replay: '2' }] } }))).toBeUndefined();
  });
});
