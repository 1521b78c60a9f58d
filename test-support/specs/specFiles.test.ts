import { describe, expect, it } from 'vitest';
import { SPEC_FILES, specFileHash, type SpecName } from './specFiles';

describe('the vendored specs', () => {
  for (const name of Object.keys(SPEC_FILES) as SpecName[]) {
    it(`${name} is in the repository, unchanged from its source (README.md)`, () => {
      expect(specFileHash(name)).toBe(SPEC_FILES[name].sha256);
    });
  }
});
