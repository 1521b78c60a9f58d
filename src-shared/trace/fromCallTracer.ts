import { isAddressText } from '../chain/isAddressText';
import type { CallFrame, CallKind } from './callFrame';

/** A frame as geth's `callTracer` (and Anvil's, Reth's, Erigon's, Nethermind's) answers it. */
interface RawCallTracerFrame {
  type?: unknown;
  from?: unknown;
  to?: unknown;
  value?: unknown;
  gas?: unknown;
  gasUsed?: unknown;
  input?: unknown;
  output?: unknown;
  error?: unknown;
  calls?: unknown;
}

/** A node's `callTracer` answer that is not one: what is wrong with it, and where in the tree. */
export class CallTracerAnswerError extends Error {
  override name = 'CallTracerAnswerError';
}

const KINDS: Record<string, CallKind> = {
  CALL: 'call',
  DELEGATECALL: 'delegatecall',
  STATICCALL: 'staticcall',
  CALLCODE: 'callcode',
  CREATE: 'create',
  CREATE2: 'create2',
  SELFDESTRUCT: 'selfdestruct',
};
const HEX = /^0x[0-9a-fA-F]*$/;
/** Deeper than the EVM's call depth limit (1024) plus the transaction's frame: a node answering deeper is not the EVM. */
const MAX_DEPTH = 1025;

/**
 * The {@link CallFrame} tree of a node's `callTracer` answer: kinds lowercased, addresses lowercased, quantities as
 * minimal `0x` hex (`0x0` for none), `input` and `output` as sent, `depth` counted from the transaction's frame. An
 * answer that is not a call tree (a missing field, a kind no EVM has, text where hex belongs) throws
 * {@link CallTracerAnswerError} naming the frame, never a half-read tree.
 */
export function fromCallTracer(answer: unknown): CallFrame {
  return frameOf(answer, 0, 'the transaction');
}

function frameOf(raw: unknown, depth: number, where: string): CallFrame {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new CallTracerAnswerError(`${where}'s frame is not an object.`);
  if (depth > MAX_DEPTH) throw new CallTracerAnswerError(`${where} is deeper than the EVM allows.`);
  const frame = raw as RawCallTracerFrame;
  const kind = typeof frame.type === 'string' ? KINDS[frame.type.toUpperCase()] : undefined;
  if (!kind) throw new CallTracerAnswerError(`${where}'s frame has no kind the EVM knows (type ${JSON.stringify(frame.type)}).`);
  const calls = frame.calls === undefined || frame.calls === null ? [] : frame.calls;
  if (!Array.isArray(calls)) throw new CallTracerAnswerError(`${where}'s calls are not a list.`);
  const result: CallFrame = {
    kind,
    from: address(frame.from, `${where}'s from`),
    value: quantity(frame.value ?? '0x0', `${where}'s value`),
    input: data(frame.input ?? '0x', `${where}'s input`),
    gas: quantity(frame.gas, `${where}'s gas`),
    gasUsed: quantity(frame.gasUsed, `${where}'s gasUsed`),
    depth,
    children: calls.map((call, index) => frameOf(call, depth + 1, `call ${index + 1} of ${where}`)),
  };
  if (frame.to !== undefined && frame.to !== null) result.to = address(frame.to, `${where}'s to`);
  if (frame.output !== undefined && frame.output !== null && frame.output !== '0x') result.output = data(frame.output, `${where}'s output`);
  if (frame.error !== undefined && frame.error !== null) {
    if (typeof frame.error !== 'string') throw new CallTracerAnswerError(`${where}'s error is not text.`);
    result.error = frame.error;
  }
  return result;
}

function address(value: unknown, what: string): `0x${string}` {
  if (typeof value !== 'string' || !isAddressText(value)) throw new CallTracerAnswerError(`${what} is not an address.`);
  return value.toLowerCase() as `0x${string}`;
}

function data(value: unknown, what: string): `0x${string}` {
  if (typeof value !== 'string' || !HEX.test(value) || value.length % 2 !== 0) throw new CallTracerAnswerError(`${what} is not hex bytes.`);
  return value.toLowerCase() as `0x${string}`;
}

function quantity(value: unknown, what: string): `0x${string}` {
  if (typeof value !== 'string' || !HEX.test(value) || value === '0x') throw new CallTracerAnswerError(`${what} is not a hex quantity.`);
  return `0x${BigInt(value).toString(16)}`;
}
