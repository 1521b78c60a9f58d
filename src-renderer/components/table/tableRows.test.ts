import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterRows, sortRows, type RowReaders } from './tableRows';

interface Item {
  name: string;
  amount: bigint;
  block: number;
}
const columns: RowReaders<Item>[] = [
  { id: 'name', value: (row) => row.name, text: (row) => row.name },
  { id: 'amount', value: (row) => row.amount, text: (row) => `${row.amount} wei` },
  { id: 'block', value: (row) => row.block, text: (row) => String(row.block) },
];
const items: Item[] = [
  { name: 'Transfer', amount: 10n ** 30n, block: 9 },
  { name: 'approval', amount: 5n, block: 10 },
  { name: 'Swap', amount: 5n, block: 100 },
];

describe('filterRows', () => {
  it('keeps the rows whose text in any column contains the filter, in any case', () => {
    expect(filterRows(items, columns, ' SWAP ').map((row) => row.name)).toEqual(['Swap']);
    expect(filterRows(items, columns, '5 wei').map((row) => row.name)).toEqual(['approval', 'Swap']);
    expect(filterRows(items, columns, '9').map((row) => row.name)).toEqual(['Transfer']);
    expect(filterRows(items, columns, 'nothing')).toEqual([]);
  });

  it('returns the very rows when the filter is blank', () => {
    expect(filterRows(items, columns, '   ')).toBe(items);
  });
});

describe('sortRows', () => {
  it('sorts numbers as numbers and bigints beyond 2^53 exactly, either way, ties in their order', () => {
    expect(sortRows(items, columns, { id: 'block', desc: false }).map((row) => row.block)).toEqual([9, 10, 100]);
    expect(sortRows(items, columns, { id: 'amount', desc: true }).map((row) => row.name)).toEqual(['Transfer', 'approval', 'Swap']);
    expect(sortRows(items, columns, { id: 'amount', desc: false }).map((row) => row.name)).toEqual(['approval', 'Swap', 'Transfer']);
    expect(sortRows(items, columns, { id: 'name', desc: false }).map((row) => row.name)).toEqual(['Swap', 'Transfer', 'approval']);
  });

  it('leaves the rows as they are without a sort or with an unknown column', () => {
    expect(sortRows(items, columns, undefined)).toBe(items);
    expect(sortRows(items, columns, { id: 'missing', desc: false })).toBe(items);
  });

  it('is a stable permutation ordered by the value, whatever the rows', () => {
    const row = fc.record({ name: fc.string({ maxLength: 3 }), amount: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), block: fc.integer({ min: 0, max: 5 }) });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.constantFrom('name', 'amount', 'block'), fc.boolean(), (rows, id, desc) => {
        const sorted = sortRows(rows, columns, { id, desc });
        expect([...sorted].sort((a, b) => rows.indexOf(a) - rows.indexOf(b))).toEqual(rows);
        const value = columns.find((column) => column.id === id)!.value;
        for (let i = 1; i < sorted.length; i++) {
          const [before, after] = [value(sorted[i - 1]!), value(sorted[i]!)];
          expect(desc ? before >= after : before <= after).toBe(true);
          if (before === after) expect(rows.indexOf(sorted[i - 1]!)).toBeLessThan(rows.indexOf(sorted[i]!));
        }
      }),
    );
  });
});
