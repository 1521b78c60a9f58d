/** What an explorer URL asks for: `/explorer/block/123`, `/explorer/tx/0x…`, `/explorer/address/0x…`. */
export interface ExplorerRequest {
  kind: 'block' | 'tx' | 'address' | 'txAtIndex';
  value: string;
  /** For `txAtIndex`: the position in the block. */
  index?: string;
}
