/** The opcodes the replay's edge-case contracts are written in. */
const OPCODES: Record<string, number> = {
  STOP: 0x00, ADD: 0x01, SUB: 0x03, CALLER: 0x33, CALLVALUE: 0x34, BLOCKHASH: 0x40, NUMBER: 0x43, POP: 0x50,
  MLOAD: 0x51, MSTORE: 0x52, MSTORE8: 0x53, SLOAD: 0x54, SSTORE: 0x55, JUMP: 0x56, GAS: 0x5a, JUMPDEST: 0x5b,
  DUP1: 0x80, LOG1: 0xa1, CREATE: 0xf0, CALL: 0xf1, CALLCODE: 0xf2, RETURN: 0xf3, DELEGATECALL: 0xf4, CREATE2: 0xf5,
  STATICCALL: 0xfa, REVERT: 0xfd, INVALID: 0xfe, SELFDESTRUCT: 0xff,
};

/** One instruction: an opcode by name, a push of a number or hex (`['PUSH', 0x20]`), or a raw byte (`0x0c`). */
export type Instruction = string | number | ['PUSH', bigint | number | `0x${string}`];

/** EVM bytecode (hex, no `0x`) from instructions; a push takes the fewest bytes its value needs. */
export function assemble(instructions: Instruction[]): string {
  return instructions
    .map((instruction) => {
      if (typeof instruction === 'number') return byte(instruction);
      if (typeof instruction === 'string') {
        const opcode = OPCODES[instruction];
        if (opcode === undefined) throw new Error(`no opcode ${instruction}`);
        return byte(opcode);
      }
      const value = instruction[1];
      let hex = typeof value === 'string' ? value.slice(2) : BigInt(value).toString(16);
      if (hex.length % 2) hex = `0${hex}`;
      if (hex.length === 0) hex = '00';
      return byte(0x5f + hex.length / 2) + hex;
    })
    .join('');
}

/** Creation code that deploys `runtime` (hex, no `0x`) as it is. */
export function deployer(runtime: string): `0x${string}` {
  const length = (runtime.length / 2).toString(16).padStart(4, '0');
  return `0x61${length}80600c6000396000f3${runtime}`;
}

function byte(value: number): string {
  return value.toString(16).padStart(2, '0');
}
