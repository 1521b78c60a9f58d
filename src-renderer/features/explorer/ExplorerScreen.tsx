import { ComingSoon } from '../../components/ComingSoon';
import { HexValue } from '../../components/HexValue';

/** What an explorer URL asks for: `/explorer/block/123`, `/explorer/tx/0x…`, `/explorer/address/0x…`. */
export interface ExplorerRequest {
  kind: 'block' | 'tx' | 'address';
  value: string;
}

const KIND_LABEL = { block: 'Block', tx: 'Transaction or block hash', address: 'Address' } as const;

/** The block explorer (coming in a later version); shows what its URL asked for, so deep links and searches land. */
export function ExplorerScreen({ request }: { request?: ExplorerRequest }) {
  return (
    <ComingSoon title="Explorer" line="Block explorer — coming in a later version: browse blocks, transactions and receipts.">
      {request ? (
        <>
          <span className="badge badge-accent">{KIND_LABEL[request.kind]}</span>
          <HexValue value={request.value} label={KIND_LABEL[request.kind].toLowerCase()} />
        </>
      ) : null}
    </ComingSoon>
  );
}
