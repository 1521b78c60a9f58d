import { EVMError, type EVM } from '@ethereumjs/evm';
import type { CallKind } from '../../../../src-shared/trace/callFrame';

/** The EVM's per-instance opcode table (not in its typings). */
interface OpcodeEntry {
  opcodeInfo: { isInvalid: boolean };
  opHandler: (runState: RunState, common: unknown) => unknown;
  gasHandler?: (runState: RunState, gas: bigint, common: unknown) => bigint | Promise<bigint>;
}

/** What the hooks read of the EVM's state while an opcode runs (not in its typings either). */
interface RunState {
  gasLeft: bigint;
  highestMemCost: bigint;
  messageGasLimit?: bigint;
  stack: { peek(count: number): bigint[] };
  memory: { read(offset: number, length: number, copy: boolean): Uint8Array };
  interpreter: { getAddress(): { toString(): string } };
  stateManager: { getAccount(address: unknown): Promise<{ balance: bigint } | undefined> };
}

/** A call or creation opcode that returned without sending a message: it failed before any frame began. */
export interface UnsentCall {
  kind: CallKind;
  /** The contract whose code made the call (its context's address). */
  from: `0x${string}`;
  /** The callee (absent for a creation). */
  to?: `0x${string}`;
  value: bigint;
  input: Uint8Array;
  gas: bigint;
}

/** What the recorder learns from the opcodes, beside the EVM's message events. */
export interface OpcodeListener {
  /** A CALL-like or CREATE-like opcode is about to send the message of this kind. */
  opening(kind: CallKind): void;
  /** That opcode is done; `unsent` when it was a call that sent no message. */
  opened(unsent: UnsentCall | undefined): void;
  /** The running frame halts on the designated INVALID opcode (0xfe). */
  designatedInvalid(): void;
  /** The running frame is about to run out of gas paying for memory. */
  memoryOutOfGas(): void;
  /** The running frame self-destructed, sending `value` to `to`. */
  selfDestructed(from: `0x${string}`, to: `0x${string}`, value: bigint): void;
}

const FRAME_OPCODES: [number, CallKind][] = [
  [0xf0, 'create'],
  [0xf1, 'call'],
  [0xf2, 'callcode'],
  [0xf4, 'delegatecall'],
  [0xf5, 'create2'],
  [0xfa, 'staticcall'],
];
const CALL_STIPEND = 2300n;

/**
 * Wraps the opcodes that tell what the EVM's message events do not, in this EVM's own opcode table (built per
 * instance, so no other EVM sees it): which opcode sent a message (a CALL in a static context is static too),
 * a call refused before its frame (revm's tracer still lists it), the designated INVALID opcode and running out
 * of gas for memory (revm words both apart), and self-destructs (the tracer lists them as frames). Returns the
 * function that puts the table back.
 */
export function hookOpcodes(evm: EVM, listener: OpcodeListener, messageSent: () => boolean): () => void {
  const table = (evm as unknown as { _opcodeMap: OpcodeEntry[] })._opcodeMap;
  const originals = table.slice();

  for (const [opcode, kind] of FRAME_OPCODES) {
    const entry = table[opcode]!;
    table[opcode] = {
      ...entry,
      opHandler: async (runState, common) => {
        const unsent = frameArguments(kind, runState);
        listener.opening(kind);
        // Refused only when the opcode completed without a message; one that threw halted its own frame instead.
        let refused = false;
        try {
          await entry.opHandler(runState, common);
          refused = !messageSent();
        } finally {
          listener.opened(refused ? { ...unsent, input: unsent.read() } : undefined);
        }
      },
    };
  }

  const invalid = table[0xfe]!;
  table[0xfe] = {
    ...invalid,
    // Run as a defined opcode so the hook sees it, then halt exactly as the library's INVALID does.
    opcodeInfo: Object.assign(Object.create(Object.getPrototypeOf(invalid.opcodeInfo) as object) as object, invalid.opcodeInfo, { isInvalid: false }),
    opHandler: () => {
      listener.designatedInvalid();
      throw new EVMError(EVMError.errorMessages.INVALID_OPCODE);
    },
  };

  const selfDestruct = table[0xff]!;
  table[0xff] = {
    ...selfDestruct,
    opHandler: async (runState, common) => {
      const from = runState.interpreter.getAddress();
      const to = `0x${runState.stack.peek(1)[0]!.toString(16).padStart(40, '0')}` as const;
      const value = (await runState.stateManager.getAccount(from))?.balance ?? 0n;
      try {
        await selfDestruct.opHandler(runState, common);
      } catch (error) {
        // The library ends a frame that self-destructed by throwing STOP; any other error means it did not.
        if ((error as EVMError).error === EVMError.errorMessages.STOP) {
          listener.selfDestructed(from.toString().toLowerCase() as `0x${string}`, to, value);
        }
        throw error;
      }
    },
  };

  for (let opcode = 0; opcode < table.length; opcode++) {
    const entry = table[opcode]!;
    const gasHandler = entry.gasHandler;
    if (!gasHandler) continue;
    table[opcode] = {
      ...entry,
      gasHandler: async (runState, baseFee, common) => {
        const before = runState.highestMemCost;
        const gas = await gasHandler(runState, baseFee, common);
        // revm charges an opcode's memory after its base cost, and words the halt apart when memory is what
        // could not be paid for; the library charges both at once, so the split is made here.
        const memory = runState.highestMemCost - before;
        if (memory > 0n && gas > runState.gasLeft && baseFee <= runState.gasLeft && runState.gasLeft - baseFee < memory) {
          listener.memoryOutOfGas();
        }
        return gas;
      },
    };
  }

  return () => {
    for (let opcode = 0; opcode < originals.length; opcode++) table[opcode] = originals[opcode]!;
  };
}

/** A frame opcode's arguments as it starts, and a way to read its input once memory has grown for it. */
function frameArguments(kind: CallKind, runState: RunState): Omit<UnsentCall, 'input'> & { read(): Uint8Array } {
  const from = runState.interpreter.getAddress().toString().toLowerCase() as `0x${string}`;
  if (kind === 'create' || kind === 'create2') {
    const [value, offset, length] = runState.stack.peek(3) as [bigint, bigint, bigint];
    return { kind, from, value, gas: runState.messageGasLimit ?? 0n, read: () => readMemory(runState, offset, length) };
  }
  const withValue = kind === 'call' || kind === 'callcode';
  const [, to, ...rest] = runState.stack.peek(withValue ? 7 : 6) as bigint[];
  const value = withValue ? rest.shift()! : 0n;
  const [offset, length] = rest as [bigint, bigint];
  // The gas handler has already computed what the callee would be given (the stipend is added by the opcode).
  const gas = (runState.messageGasLimit ?? 0n) + (value > 0n ? CALL_STIPEND : 0n);
  return { kind, from, to: `0x${to!.toString(16).padStart(40, '0')}`, value, gas, read: () => readMemory(runState, offset, length) };
}

function readMemory(runState: RunState, offset: bigint, length: bigint): Uint8Array {
  return length === 0n ? new Uint8Array(0) : runState.memory.read(Number(offset), Number(length), true);
}
