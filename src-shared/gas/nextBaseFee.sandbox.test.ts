import { describe, expect, inject, it } from 'vitest';
import { nextBaseFee } from './nextBaseFee';

// The formula against the blocks the sandbox's Anvil really mined (the latest 400 at most): the seed's big block
// and the live traffic's blocks, from nearly empty to nearly full. One thing is not EIP-1559: when the traffic starts with the
// base fee far from its wave, it sets the next block's fee itself (anvil_setNextBlockBaseFeePerGas, see
// src-sandbox/chain/traffic.ts). Such a block is told by a jump no block can make under EIP-1559 (more than
// 1/8), and is the only exception allowed.
const sandbox = inject('sandbox');

interface Header {
  number: string;
  baseFeePerGas: string;
  gasUsed: string;
  gasLimit: string;
}

async function blocks(tags: string[]): Promise<Header[]> {
  const body = tags.map((tag, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [tag, false] }));
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answers = (await response.json()) as { id: number; result: Header }[];
  return answers.sort((a, b) => a.id - b.id).map((answer) => answer.result);
}

describe('nextBaseFee on the blocks the sandbox mines', () => {
  it("gives every block's base fee from its parent's (but where the sandbox set it)", async () => {
    // The whole chain, from the seed's light blocks and its 600-transaction block to the traffic's.
    const head = Number((await blocks(['latest']))[0]!.number);
    const from = Math.max(1, head - 400);
    const headers: Header[] = [];
    for (let start = from; start <= head; start += 50) {
      headers.push(...(await blocks(Array.from({ length: Math.min(50, head - start + 1) }, (_, index) => `0x${(start + index).toString(16)}`))));
    }
    let rose = 0;
    let fell = 0;
    let set = 0;
    for (let index = 1; index < headers.length; index++) {
      const parent = headers[index - 1]!;
      const child = headers[index]!;
      const parentFee = BigInt(parent.baseFeePerGas);
      const childFee = BigInt(child.baseFeePerGas);
      const computed = nextBaseFee({ baseFeePerGas: parentFee, gasUsed: BigInt(parent.gasUsed), gasLimit: BigInt(parent.gasLimit) });
      const jump = childFee > parentFee ? childFee - parentFee : parentFee - childFee;
      if (computed !== childFee && jump > parentFee / 8n + 1n) {
        set += 1; // the traffic set this one (see above)
        continue;
      }
      expect({ block: Number(child.number), baseFee: computed }).toEqual({ block: Number(child.number), baseFee: childFee });
      if (computed > parentFee) rose += 1;
      if (computed < parentFee) fell += 1;
    }
    expect(headers.length).toBeGreaterThan(30);
    expect(set).toBeLessThanOrEqual(2);
    // A fresh sandbox's early blocks are all under target (the fee only falls) until its traffic fills blocks:
    // the fee must have moved, and both directions are covered by the table tests beside this one.
    expect(rose + fell).toBeGreaterThan(10);
  });
});
