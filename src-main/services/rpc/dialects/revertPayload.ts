import { walkCauses } from '../../errors/blockglassError';

/**
 * What a failed eth_call or eth_estimateGas says of a revert: the revert bytes, or that it reverted without any
 * (`data: null`: out of gas, an invalid opcode, a bare `revert()`), or that the failure is no revert at all.
 */
export type RevertPayload = { reverted: true; data: `0x${string}` } | { reverted: true; data: null } | { reverted: false };

const NOT_A_REVERT: RevertPayload = { reverted: false };
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
/** Nethermind's `Reverted 0x…`: a hex after a word (or a few, with a colon). */
const HEX_AFTER_WORDS = /^([A-Za-z][A-Za-z ]{0,40}?):?\s+(0x(?:[0-9a-fA-F]{2})*)$/;
/** Hardhat's `… reverted with an unrecognized custom error (return data: 0x…)`, only when the hex is whole. */
const RETURN_DATA_IN_TEXT = /\(return data: (0x(?:[0-9a-fA-F]{2})*)\)/;
/**
 * Words of a revert, as the nodes say it (reference/NODE-DIALECTS.md): geth's family `execution reverted`;
 * Hardhat's `reverted with reason string …`, `Transaction reverted without a reason string`; Ganache's and
 * Hardhat's `VM Exception while processing transaction: revert …` (also `: out of gas`, a revert without data);
 * Nethermind's `VM execution error.` and `Reverted 0x…`; old Ganache's `error: "revert"`.
 */
const REVERT_WORDS = [/\brevert(?:ed)?\b/i, /VM Exception while processing transaction/i, /VM execution error/i];
/** JSON-RPC codes that mean a revert by themselves: the spec's 3, Nethermind's -32015 (execution error). */
const REVERT_CODES = new Set([3, -32015]);
/** Keys whose value is the revert bytes, on every shape: `data`, `data.data`, old Ganache's `result` and `return`. */
const PAYLOAD_KEYS = ['data', 'result', 'return'] as const;
/** Keys whose text says what happened (the node's words; viem's `details` are in its `message` too). */
const TEXT_KEYS = ['message', 'shortMessage', 'error', 'reason'] as const;
const MAX_DEPTH = 5;

/** What one link of the cause chain (and its `data`, nested) told. */
interface Clues {
  /** Revert bytes, most direct first. */
  payloads: string[];
  /** Whether anything said it was a revert. */
  saidRevert: boolean;
  /** Whether a node answered (a numeric JSON-RPC code). */
  answered: boolean;
}

/**
 * The revert in a thrown error, whatever node answered: the rpc layer's `BlockglassError` (its `code`, its `data`
 * as the node sent it, its messages) and every cause under it (viem's errors, a plain JSON-RPC error object).
 * The bytes are looked for in every shape NODE-DIALECTS.md lists: a hex string at `data`, `data.data`,
 * `data.originalError.data`, `data.result`/`data.return` (old Ganache, also under a transaction hash), a hex after
 * a word (`Reverted 0x…`, Nethermind) and Hardhat's `(return data: 0x…)` in a message. A revert is told by its
 * code (3, -32015), by the nodes' words for it, or by revert bytes in a node's answer. Pure; never throws.
 */
export function revertPayload(error: unknown): RevertPayload {
  const clues: Clues = { payloads: [], saidRevert: false, answered: false };
  const inText: string[] = [];
  try {
    walkCauses(error, (link) => {
      if (typeof link === 'string') readText(link, clues, inText);
      if (typeof link !== 'object' || link === null) return false;
      const record = link as Record<string, unknown>;
      if (typeof record.code === 'number') {
        clues.answered = true;
        if (REVERT_CODES.has(record.code)) clues.saidRevert = true;
      }
      for (const key of TEXT_KEYS) if (typeof record[key] === 'string') readText(record[key], clues, inText);
      try {
        readData(record.data, clues, inText, 0, new Set());
      } catch {
        // data that throws when read (a hostile getter) holds no bytes; what the link said so far stands
      }
      return false;
    });
  } catch {
    return NOT_A_REVERT; // a link that throws when read (a hostile getter) says nothing of a revert
  }
  const payload = [...clues.payloads, ...inText].find((hex) => hex.length > 2);
  if (payload !== undefined && (clues.saidRevert || clues.answered)) return { reverted: true, data: payload.toLowerCase() as `0x${string}` };
  return clues.saidRevert ? { reverted: true, data: null } : NOT_A_REVERT;
}

/** A node's `data`, nested: its hex strings at the payload keys (and in containers such as `originalError`), its texts. */
function readData(value: unknown, clues: Clues, inText: string[], depth: number, seen: Set<object>): void {
  if (typeof value === 'string') {
    if (HEX.test(value)) clues.payloads.push(value);
    else {
      const words = HEX_AFTER_WORDS.exec(value);
      if (words) {
        clues.payloads.push(words[2]!);
        if (/revert/i.test(words[1]!)) clues.saidRevert = true;
      } else readText(value, clues, inText);
    }
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || depth >= MAX_DEPTH || seen.has(value)) return;
  seen.add(value);
  const record = value as Record<string, unknown>;
  for (const key of PAYLOAD_KEYS) if (Object.hasOwn(record, key)) readData(record[key], clues, inText, depth + 1, seen);
  for (const key of TEXT_KEYS) if (typeof record[key] === 'string') readText(record[key], clues, inText);
  // Containers: a gateway's `originalError`, old Ganache's result keyed by the transaction hash.
  for (const [key, inner] of Object.entries(record)) {
    if (!(PAYLOAD_KEYS as readonly string[]).includes(key) && typeof inner === 'object' && inner !== null) readData(inner, clues, inText, depth + 1, seen);
  }
}

/** A message: whether it says revert, and Hardhat's `(return data: 0x…)` in it. */
function readText(text: string, clues: Clues, inText: string[]): void {
  if (REVERT_WORDS.some((words) => words.test(text))) clues.saidRevert = true;
  const returned = RETURN_DATA_IN_TEXT.exec(text);
  if (returned) {
    clues.saidRevert = true;
    inText.push(returned[1]!);
  }
}
