import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeTiming, readTiming } from './describeTiming';

describe("a request's timing as a log line", () => {
  it('says where the time went, and reads back as it was said (to a tenth of a millisecond)', () => {
    const timing = { kind: 'call', name: 'explorer.block', id: 9, checkMs: 0.24, workMs: 40.06, sendMs: 9.81, chars: 312004 } as const;
    const line = describeTiming(timing);
    expect(line).toBe('api timing: call explorer.block #9: work 40.1 ms, input check 0.2 ms, send 9.8 ms, 312004 chars');
    expect(readTiming(`[blockglass] ${line}`)).toEqual({ ...timing, checkMs: 0.2, workMs: 40.1, sendMs: 9.8 });
    fc.assert(
      fc.property(fc.constantFrom('call', 'subscription'), fc.stringMatching(/^[a-z]+\.[a-zA-Z]+$/), fc.nat(), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.nat(), (kind, name, id, ms, chars) => {
        const read = readTiming(describeTiming({ kind, name, id, checkMs: ms, workMs: ms, sendMs: ms, chars }));
        expect(read).toEqual({ kind, name, id, checkMs: Number(ms.toFixed(1)), workMs: Number(ms.toFixed(1)), sendMs: Number(ms.toFixed(1)), chars });
      }),
    );
  });

  it('is not read from any other line', () => {
    for (const line of ['sandbox: running at http://127.0.0.1:1', 'api timing: call explorer.block: work 1 ms', '']) expect(readTiming(line)).toBeUndefined();
  });
});
