/** A log as `eth_getLogs` and `logs` notifications carry it. */
export interface RawNodeLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string | null;
  blockHash: string | null;
  transactionHash: string | null;
  transactionIndex: string | null;
  logIndex: string | null;
  removed?: boolean;
  blockTimestamp?: string;
}
