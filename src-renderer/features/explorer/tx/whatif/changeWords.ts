import type { WhatIfChange } from '../../../../../src-shared/api/trace';
import { checksumAddress } from '../../../../../src-shared/chain/checksumAddresses';
import { shortHex } from '../../../../../src-shared/text/shortHex';
import { formatEth, formatNumber } from '../../../../lib/formatChain';
import type { WhatIfOriginal } from './whatIfDraft';

/** A change in words, as the re-run's heading says it: `gas limit 54,771 (was 45,000)`, `amount = 10 (was 1000)`. */
export function changeWords(change: WhatIfChange, original: WhatIfOriginal): string {
  const address = (text: string) => shortHex(checksumAddress(text));
  switch (change.kind) {
    case 'gasLimit':
      return `gas limit ${formatNumber(change.gasLimit)} (was ${formatNumber(original.gasLimit)})`;
    case 'value':
      return `value ${formatEth(change.value)} (was ${formatEth(original.value)})`;
    case 'sender':
      return `sender ${address(change.sender)} (was ${original.from ? address(original.from) : 'unknown'})`;
    case 'argument': {
      const argument = original.args[change.index];
      const name = argument && !/^arg\d+$/.test(argument.name) ? argument.name : `argument ${change.index + 1}`;
      return `${name} = ${cut(change.value)}${argument ? ` (was ${cut(argument.text)})` : ''}`;
    }
    case 'balance':
      return `balance of ${address(change.address)} set to ${formatEth(change.balance)}`;
    case 'storage':
      return `slot ${shortHex(change.slot)} of ${address(change.address)} set to ${shortHex(change.value)}`;
  }
}

/** A long argument cut for a heading (the form holds it whole). */
const cut = (text: string) => (text.length > 42 ? `${text.slice(0, 20)}…${text.slice(-12)}` : text);
