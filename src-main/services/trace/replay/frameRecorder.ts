import { EVMError, type EVM, type EVMResult, type Message } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import type { CallFrame, CallKind } from '../../../../src-shared/trace/callFrame';
import { DESIGNATED_INVALID_WORDS, callTracerError } from './callTracerError';

/** The opcodes that open a frame, by the kind of frame a `callTracer` names them. */
const FRAME_OPCODES: [number, CallKind][] = [
  [0xf0, 'create'],
  [0xf1, 'call'],
  [0xf2, 'callcode'],
  [0xf4, 'delegatecall'],
  [0xf5, 'create2'],
  [0xfa, 'staticcall'],
];

/** The EVM's per-instance opcode table (not in its typings): the only place that tells CALL from STATICCALL. */
interface OpcodeEntry {
  opcodeInfo: { isInvalid: boolean };
  opHandler: (runState: unknown, common: unknown) => unknown;
  gasHandler?: unknown;
}

/** Records the call tree of what an EVM runs while it is attached. */
export interface FrameRecorder {
  /** The outermost frame of the last message run at depth 0, once it ended. */
  root(): CallFrame | undefined;
  /** The gas the outermost message was given (the transaction's gas less its intrinsic gas). */
  rootGas(): bigint | undefined;
  /** Stops listening to the EVM. */
  detach(): void;
}

/**
 * Listens to an EVM's message events and builds the frames a node's `callTracer` would report. A message does not
 * say which opcode sent it (a CALL inside a static context is static too), so the opcodes that open frames are
 * wrapped to tell the next message its kind; the designated INVALID opcode (0xfe) is wrapped too, since revm words
 * it apart from an undefined opcode.
 */
export function recordFrames(evm: EVM): FrameRecorder {
  const opcodeMap = (evm as unknown as { _opcodeMap: OpcodeEntry[] })._opcodeMap;
  const originals = new Map<number, OpcodeEntry>();
  let nextKind: CallKind | undefined;
  let designatedInvalidAt: number | undefined;
  const open: CallFrame[] = [];
  let root: CallFrame | undefined;
  let rootGas: bigint | undefined;

  for (const [opcode, kind] of FRAME_OPCODES) {
    const entry = opcodeMap[opcode]!;
    originals.set(opcode, entry);
    opcodeMap[opcode] = {
      ...entry,
      opHandler: async (runState, common) => {
        nextKind = kind;
        try {
          return await entry.opHandler(runState, common);
        } finally {
          nextKind = undefined;
        }
      },
    };
  }
  const invalid = opcodeMap[0xfe]!;
  originals.set(0xfe, invalid);
  opcodeMap[0xfe] = {
    ...invalid,
    opcodeInfo: Object.assign(Object.create(Object.getPrototypeOf(invalid.opcodeInfo) as object) as object, invalid.opcodeInfo, { isInvalid: false }),
    opHandler: () => {
      designatedInvalidAt = open.length;
      throw new EVMError(EVMError.errorMessages.INVALID_OPCODE);
    },
  };

  const before = (message: Message) => {
    const kind = message.depth === 0 ? (message.to ? 'call' : 'create') : (nextKind ?? kindOf(message));
    nextKind = undefined;
    if (message.depth === 0) rootGas = message.gasLimit;
    const code = (message as unknown as { _codeAddress?: { toString(): string } })._codeAddress;
    const frame: CallFrame = {
      kind,
      // A delegatecall runs in its caller's context: the message carries the caller's caller, the tracer the caller.
      from: hex(kind === 'delegatecall' ? message.to!.toString() : message.caller.toString()),
      value: quantity(kind === 'staticcall' ? 0n : message.value),
      input: bytesToHex(message.data) as `0x${string}`,
      gas: quantity(message.gasLimit),
      gasUsed: '0x0',
      depth: message.depth,
      children: [],
    };
    const to = kind === 'delegatecall' || kind === 'callcode' ? code : message.to;
    if (to) frame.to = hex(to.toString());
    open[open.length - 1]?.children.push(frame);
    open.push(frame);
  };

  const after = (result: EVMResult) => {
    const frame = open.pop();
    if (!frame) return;
    const { exceptionError, returnValue, executionGasUsed } = result.execResult;
    frame.gasUsed = quantity(executionGasUsed);
    if (result.createdAddress && !exceptionError) frame.to = hex(result.createdAddress.toString());
    if (exceptionError) {
      const reverted = exceptionError.error === EVMError.errorMessages.REVERT;
      frame.error = designatedInvalidAt === open.length + 1 && exceptionError.error === EVMError.errorMessages.INVALID_OPCODE
        ? DESIGNATED_INVALID_WORDS
        : callTracerError(exceptionError.error);
      // A failed creation has no address in a callTracer frame; a halt (not a revert) returns nothing and uses all.
      if (frame.kind === 'create' || frame.kind === 'create2') delete frame.to;
      if (reverted && returnValue.length > 0) frame.output = bytesToHex(returnValue) as `0x${string}`;
      if (!reverted) frame.gasUsed = frame.gas;
    } else if (returnValue.length > 0) {
      frame.output = bytesToHex(returnValue) as `0x${string}`;
    }
    designatedInvalidAt = undefined;
    if (open.length === 0) root = frame;
  };

  evm.events.on('beforeMessage', before);
  evm.events.on('afterMessage', after);
  return {
    root: () => root,
    rootGas: () => rootGas,
    detach() {
      evm.events.off('beforeMessage', before);
      evm.events.off('afterMessage', after);
      for (const [opcode, entry] of originals) opcodeMap[opcode] = entry;
    },
  };
}

/** The kind of a message sent by no opcode the recorder saw (not expected; the message's own flags decide). */
function kindOf(message: Message): CallKind {
  if (!message.to) return message.salt ? 'create2' : 'create';
  if (message.delegatecall) return 'delegatecall';
  return message.isStatic ? 'staticcall' : 'call';
}

function hex(address: string): `0x${string}` {
  return address.toLowerCase() as `0x${string}`;
}

function quantity(value: bigint): `0x${string}` {
  return `0x${value.toString(16)}`;
}
