import { EVMError, type EVM, type EVMResult, type Message } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import type { CallFrame, CallKind } from '../../../../src-shared/trace/callFrame';
import { DESIGNATED_INVALID_WORDS, MEMORY_OUT_OF_GAS_WORDS, callTracerError } from './callTracerError';
import { hookOpcodes, type UnsentCall } from './opcodeHooks';

/** The EVM's call depth limit: a call from a frame this deep is refused before it begins. */
const MAX_DEPTH = 1024;

/** Records the call tree of what an EVM runs while it is attached. */
export interface FrameRecorder {
  /** The outermost frame of the last message run at depth 0, once it ended. */
  root(): CallFrame | undefined;
  /** The gas the outermost message was given (the transaction's gas less its intrinsic gas). */
  rootGas(): bigint | undefined;
  /** Stops listening to the EVM and puts its opcodes back. */
  detach(): void;
}

/** Why a frame halted, beyond what the EVM's result says. */
type HaltNote = 'designatedInvalid' | 'memoryOutOfGas';

/**
 * Listens to an EVM's message events, helped by its opcodes ({@link hookOpcodes}), and builds the frames Anvil's
 * `callTracer` reports: kinds by opcode, a delegatecall's `from` as the calling contract and its `to` as the code
 * run, a failed creation without an address, a halted frame with all its gas used and no output, a reverted one
 * with its revert data, calls refused before they began, and self-destructs.
 */
export function recordFrames(evm: EVM): FrameRecorder {
  const open: CallFrame[] = [];
  /** Per open frame (same index): why it is about to halt, when an opcode said so. */
  const notes: (HaltNote | undefined)[] = [];
  let nextKind: CallKind | undefined;
  let sent = false;
  let root: CallFrame | undefined;
  let rootGas: bigint | undefined;

  const restoreOpcodes = hookOpcodes(
    evm,
    {
      opening(kind) {
        nextKind = kind;
        sent = false;
      },
      opened(unsent) {
        nextKind = undefined;
        if (unsent) open[open.length - 1]?.children.push(refusedCall(unsent, open.length));
      },
      designatedInvalid: () => (notes[open.length - 1] = 'designatedInvalid'),
      memoryOutOfGas: () => (notes[open.length - 1] = 'memoryOutOfGas'),
      selfDestructed(from, to, value) {
        const parent = open[open.length - 1];
        parent?.children.push({ kind: 'selfdestruct', from, to, value: quantity(value), input: '0x', gas: '0x0', gasUsed: '0x0', depth: parent.depth + 1, children: [] });
      },
    },
    () => sent,
  );

  const before = (message: Message) => {
    sent = true;
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
    notes.push(undefined);
  };

  const after = (result: EVMResult) => {
    const frame = open.pop();
    const note = notes.pop();
    if (!frame) return;
    const { exceptionError, returnValue, executionGasUsed } = result.execResult;
    frame.gasUsed = quantity(executionGasUsed);
    if (result.createdAddress && !exceptionError) frame.to = hex(result.createdAddress.toString());
    if (exceptionError) {
      const reverted = exceptionError.error === EVMError.errorMessages.REVERT;
      frame.error = wordsFor(exceptionError.error, note);
      // A failed creation has no address in a callTracer frame; a halt (not a revert) returns nothing and uses all.
      if (frame.kind === 'create' || frame.kind === 'create2') delete frame.to;
      if (reverted && returnValue.length > 0) frame.output = bytesToHex(returnValue) as `0x${string}`;
      if (!reverted) frame.gasUsed = frame.gas;
    } else if (returnValue.length > 0) {
      frame.output = bytesToHex(returnValue) as `0x${string}`;
    }
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
      restoreOpcodes();
    },
  };
}

function wordsFor(libraryError: string, note: HaltNote | undefined): string {
  if (note === 'designatedInvalid' && libraryError === EVMError.errorMessages.INVALID_OPCODE) return DESIGNATED_INVALID_WORDS;
  if (note === 'memoryOutOfGas' && libraryError === EVMError.errorMessages.OUT_OF_GAS) return MEMORY_OUT_OF_GAS_WORDS;
  return callTracerError(libraryError);
}

/** The frame of a call or creation refused before it began (too deep, or more value than its caller holds). */
function refusedCall(call: UnsentCall, depth: number): CallFrame {
  return {
    kind: call.kind,
    from: call.from,
    ...(call.to ? { to: call.to } : {}),
    value: quantity(call.kind === 'staticcall' ? 0n : call.value),
    input: bytesToHex(call.input) as `0x${string}`,
    gas: quantity(call.gas),
    gasUsed: '0x0',
    error: depth > MAX_DEPTH ? 'CallTooDeep' : 'insufficient balance for transfer',
    depth,
    children: [],
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
