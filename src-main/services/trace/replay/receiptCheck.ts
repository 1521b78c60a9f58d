import type { ReceiptDifference, ReplayCheck } from './replayTypes';

/** A log as both a receipt and a replay state it. */
export interface CheckedLog {
  address: string;
  topics: string[];
  data: string;
}

/** The parts of an outcome a receipt keeps and a replay must reproduce. */
export interface Outcome {
  status: 0 | 1;
  gasUsed: bigint;
  logs: CheckedLog[];
}

/**
 * Whether a replay reproduced what the receipt says (status, gas used, every log's address, topics and data, in
 * order), with each difference stated. Pure: the replay is only trusted when this finds nothing.
 */
export function checkAgainstReceipt(receipt: Outcome, replay: Outcome): ReplayCheck {
  const differences: ReceiptDifference[] = [];
  if (receipt.status !== replay.status) {
    differences.push({ field: 'status', receipt: statusText(receipt.status), replay: statusText(replay.status) });
  }
  if (receipt.gasUsed !== replay.gasUsed) {
    differences.push({ field: 'gasUsed', receipt: receipt.gasUsed.toString(), replay: replay.gasUsed.toString() });
  }
  const logDifference = firstLogDifference(receipt.logs, replay.logs);
  if (logDifference) differences.push({ field: 'logs', ...logDifference });
  return { matchesReceipt: differences.length === 0, differences };
}

function statusText(status: 0 | 1): string {
  return status === 1 ? 'success' : 'failed';
}

function firstLogDifference(receipt: CheckedLog[], replay: CheckedLog[]): { receipt: string; replay: string } | undefined {
  if (receipt.length !== replay.length) return { receipt: `${receipt.length} logs`, replay: `${replay.length} logs` };
  for (let i = 0; i < receipt.length; i++) {
    const a = logText(receipt[i]!);
    const b = logText(replay[i]!);
    if (a !== b) return { receipt: `log ${i}: ${a}`, replay: `log ${i}: ${b}` };
  }
  return undefined;
}

function logText(log: CheckedLog): string {
  return `${log.address.toLowerCase()} [${log.topics.map((topic) => topic.toLowerCase()).join(', ')}] ${log.data.toLowerCase()}`;
}
