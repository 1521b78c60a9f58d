import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { balancePoints } from './balancePoints';

const wei = (eth: string) => parseEther(eth).toString();

describe('balancePoints', () => {
  it('leaves a gap over a run of blocks not kept, and draws the readings and changes on either side', () => {
    const points = balancePoints({
      samples: [
        { block: '0x64', balance: wei('1') },
        { block: '0x12c', balance: wei('3') },
      ],
      changes: [{ block: '0x96', before: wei('1'), after: wei('2'), transactions: [] }],
      notKept: [{ from: '0xc8', to: '0xfa', before: wei('2'), after: wei('3') }],
    });
    expect(points).toEqual([
      [100, 149, 150, 200, 250, 300],
      [1, 1, 2, null, null, 3],
    ]);
  });

  it('draws one line where every block was kept', () => {
    const points = balancePoints({ samples: [{ block: '0x1', balance: wei('0.5') }], changes: [], notKept: [] });
    expect(points).toEqual([[1], [0.5]]);
  });
});
