import type { ContractAbiView } from '../../../src-shared/call/types';
import { SOURCE_PHRASE } from '../../../src-shared/decoding/types';
import { countOf } from '../../../src-shared/text/countOf';

/** What is known of the contract at `to`: where its ABI came from and how much of it, or why there is none. */
export function ContractAbiNote({ contract }: { contract: ContractAbiView }) {
  return (
    <p className="field-hint" aria-live="polite">
      {contract.source ? (
        <>
          ABI <strong>{SOURCE_PHRASE[contract.source]}</strong>
          {contract.contractName ? ` (${contract.contractName})` : ''}: {countOf(contract.functions.length, 'function')}
          {contract.unknownSelectors.length > 0 ? `; ${countOf(contract.unknownSelectors.length, 'selector')} in its code no source names` : ''}.
        </>
      ) : contract.isContract ? (
        'No source knows this contract’s ABI: paste one, or type the calldata.'
      ) : (
        'No code at this address: a call here returns nothing.'
      )}
    </p>
  );
}
