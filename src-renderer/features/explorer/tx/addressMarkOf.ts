import type { TransactionView } from '../../../../src-shared/api/explorer';

/** The label and contract mark the view knows for an address it names (the node's fields are untyped). */
export function addressMarkOf(view: TransactionView, address: unknown): TransactionView['addresses'][string] | undefined {
  return typeof address === 'string' ? view.addresses[address.toLowerCase()] : undefined;
}
