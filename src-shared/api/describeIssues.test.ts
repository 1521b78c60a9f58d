import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, plainIssues } from './describeIssues';

const strict = z.strictObject({ networkId: z.string(), tags: z.record(z.string(), z.number()) });
const issuesOf = (input: unknown) => strict.safeParse(input).error!.issues;

describe('plainIssues', () => {
  it('quotes unknown keys shortened and neutralised, not in full', () => {
    const [issue] = plainIssues(issuesOf({ networkId: 'a', tags: {}, ['\u202E' + 'x'.repeat(1_000_000)]: 1 }));
    expect(issue!.message).toBe(`Unrecognized key: "\\u{202E}${'x'.repeat(47)}…"`);
  });

  it('names at most three unknown keys', () => {
    const [issue] = plainIssues(issuesOf({ networkId: 'a', tags: {}, a: 1, b: 2, c: 3, d: 4, e: 5 }));
    expect(issue!.message).toBe('Unrecognized keys: "a", "b", "c" and 2 more');
  });

  it('keeps the schema\'s own names in paths and quotes record keys', () => {
    const issues = plainIssues(issuesOf({ networkId: 'a', tags: { ['k'.repeat(500)]: 'not a number' } }));
    expect(issues[0]!.path).toEqual(['tags', `"${'k'.repeat(48)}…"`]);
  });

  it('says a missing field is required, without zod\'s "received undefined"', () => {
    const issues = plainIssues(issuesOf({ tags: {} }));
    expect(issues).toEqual([{ path: ['networkId'], message: 'Required: expected string, but nothing was given.' }]);
    expect(plainIssues(issuesOf({ networkId: 7, tags: {} }))[0]!.message).toBe('Invalid input: expected string, received number');
  });

  it('sends back at most 20 issues', () => {
    const many = z.array(z.number()).safeParse(Array.from({ length: 1000 }, () => 'x')).error!.issues;
    expect(plainIssues(many)).toHaveLength(20);
    expect(describeIssues(many)).toContain('and 995 more');
  });

  it('stays short whatever the input (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary', maxLength: 2000 }), fc.jsonValue()), (input) => {
        const result = strict.safeParse(input);
        if (result.success) return;
        expect(JSON.stringify(plainIssues(result.error.issues)).length).toBeLessThan(20 * 1000);
      }),
      { numRuns: 200 },
    );
  });
});
