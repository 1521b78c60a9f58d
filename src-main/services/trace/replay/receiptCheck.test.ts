import { describe, expect, it } from 'vitest';
import { checkAgainstReceipt, type Outcome } from './receiptCheck';

const LOG = { address: '0xAbC0000000000000000000000000000000000001', topics: ['0x01'], data: '0x' };
const RECEIPT: Outcome = { status: 1, gasUsed: 21_000n, logs: [LOG] };

describe('checkAgainstReceipt', () => {
  it('finds nothing when status, gas used and logs are the same (address case aside)', () => {
    expect(checkAgainstReceipt(RECEIPT, { ...RECEIPT, logs: [{ ...LOG, address: LOG.address.toLowerCase() }] })).toEqual({
      matchesReceipt: true,
      differences: [],
    });
  });

  it('states every difference it finds', () => {
    const check = checkAgainstReceipt(RECEIPT, { status: 0, gasUsed: 30_000n, logs: [] });
    expect(check.matchesReceipt).toBe(false);
    expect(check.differences).toMatchInlineSnapshot(`
      [
        {
          "field": "status",
          "receipt": "success",
          "replay": "failed",
        },
        {
          "field": "gasUsed",
          "receipt": "21000",
          "replay": "30000",
        },
        {
          "field": "logs",
          "receipt": "1 logs",
          "replay": "0 logs",
        },
      ]
    `);
  });

  it('names the first log that differs', () => {
    const check = checkAgainstReceipt(RECEIPT, { ...RECEIPT, logs: [{ ...LOG, data: '0x02' }] });
    expect(check.differences[0]).toEqual({
      field: 'logs',
      receipt: 'log 0: 0xabc0000000000000000000000000000000000001 [0x01] 0x',
      replay: 'log 0: 0xabc0000000000000000000000000000000000001 [0x01] 0x02',
    });
  });
});
