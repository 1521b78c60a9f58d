import type { TransactionView } from '../../../../src-shared/api/explorer';
import { checksumAddress } from '../../../../src-shared/chain/checksumAddresses';
import { countOf } from '../../../../src-shared/text/countOf';
import { shortHex } from '../../../../src-shared/text/shortHex';
import type { DecodedArg } from '../../../../src-shared/decoding/types';
import { formatEth, formatTokenAmount } from '../../../lib/formatChain';
import { groupDigits } from '../../../../src-shared/text/groupDigits';

/** A transaction in plain words: a headline and the facts a support engineer says first. */
export interface Explanation {
  outcome: 'succeeded' | 'failed' | 'pending';
  headline: string;
  lines: string[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
// Addresses are written one way, checksummed, whatever case the node answered in.
const addr = (value: unknown) => checksumAddress(str(value));

/** Explains a transaction: did it work (and if not, why), who paid what fee, what it called, which tokens moved. */
export function explainTransaction(view: TransactionView, networkName: string): Explanation {
  const tx = view.transaction;
  const from = addr(tx.from);
  const to = addr(tx.to);
  const outcome = view.pending ? 'pending' : view.receipt?.status === '0x0' ? 'failed' : 'succeeded';
  const reason = view.revert?.decoding?.message ?? view.revert?.note;
  const headline =
    outcome === 'pending'
      ? `Pending: not yet in a block on ${networkName}`
      : outcome === 'failed'
        ? `Failed: ${reason ?? 'the node did not say why'}`
        : 'Succeeded';
  const lines: string[] = [];
  if (view.block) lines.push(`In block ${BigInt(view.block.number).toString(10)} on ${networkName}${view.position ? `, transaction ${view.position.index + 1} of ${view.position.count}` : ''}.`);
  if (view.fee) lines.push(`${from} paid a fee of ${formatEth(view.fee)} (${groupDigits(BigInt(str(view.receipt?.gasUsed) || '0x0'))} gas at ${formatEth(str(view.receipt?.effectiveGasPrice) || '0x0', 'gwei')}).`);
  else lines.push(`Sent by ${from}.`);
  const value = BigInt(str(tx.value) || '0x0');
  if (!to) {
    const created = addr(view.receipt?.contractAddress);
    lines.push(created ? `It created the contract ${created}.` : 'It tried to create a contract.');
  } else if (view.input?.status === 'decoded') {
    // A token's amount in its units, its raw integer beside it (a support reply may quote either).
    const argValue = (arg: DecodedArg) =>
      arg.units && typeof arg.value === 'string' ? `${formatTokenAmount(arg.value, arg.units.decimals, arg.units.symbol)} (${arg.value} base units)` : typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value);
    const args = view.input.args.map((arg) => `${arg.name} = ${argValue(arg)}`).join(', ');
    lines.push(`It called ${view.input.name}(${args}) on ${to}${value > 0n ? `, sending ${formatEth(value)}` : ''}${view.input.source === 'guess' ? ' (the function is unknown; argument types guessed)' : ''}.`);
  } else if (view.input?.status === 'raw' && view.input.selector) {
    lines.push(`It called an unknown function (selector ${view.input.selector}) on ${to}${value > 0n ? `, sending ${formatEth(value)}` : ''}.`);
  } else {
    lines.push(`It sent ${formatEth(value)} to ${to}.`);
  }
  if (view.revert?.reproduced === true) lines.push(`The revert was reproduced with eth_call at block ${BigInt(view.revert.atBlock).toString(10)} (its parent block).`);
  else if (view.revert) lines.push(view.revert.note ?? 'The revert could not be reproduced.');
  for (const transfer of view.transfers) {
    const what = transfer.standard === 'ERC-721' ? `${transfer.symbol ?? 'NFT'} #${transfer.tokenId}` : formatTokenAmount(transfer.amount ?? '0', transfer.decimals, transfer.symbol ?? shortHex(addr(transfer.token)));
    lines.push(`${what} moved from ${addr(transfer.from)} to ${addr(transfer.to)} (${transfer.standard} at ${addr(transfer.token)}).`);
  }
  if (outcome === 'succeeded' && view.transfers.length === 0 && view.logs.length > 0) lines.push(`It emitted ${countOf(view.logs.length, 'event')}; no token moved.`);
  return { outcome, headline, lines };
}
