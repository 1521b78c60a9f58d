import { describe, expect, it } from 'vitest';
import { addressTextProblem } from './addressTextProblem';
import { isAddressText } from './isAddressText';

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LOWER = CHECKSUMMED.toLowerCase();
const UPPER = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
// One capital moved: the same 20 bytes, a checksum that fails.
const BAD_CHECKSUM = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('isAddressText and addressTextProblem', () => {
  it.each([
    ['a checksummed address', CHECKSUMMED, true, undefined],
    ['an all-lowercase address (no checksum to check)', LOWER, true, undefined],
    ['an all-uppercase address (no checksum to check)', UPPER, true, undefined],
    ['only digits', `0x${'1'.repeat(40)}`, true, undefined],
    ['a mixed-case address whose checksum fails', BAD_CHECKSUM, true, 'checksum'],
    ['39 hex digits', LOWER.slice(0, 41), false, 'shape'],
    ['41 hex digits', `${LOWER}0`, false, 'shape'],
    ['no 0x', LOWER.slice(2), false, 'shape'],
    ['an upper-case 0X', `0X${LOWER.slice(2)}`, false, 'shape'],
    ['a letter past f', `0x${'g'.repeat(40)}`, false, 'shape'],
    ['a space around it', ` ${LOWER}`, false, 'shape'],
    ['a 32-byte hash', `0x${'ab'.repeat(32)}`, false, 'shape'],
    ['nothing', '', false, 'shape'],
  ])('%s', (_, text, shaped, problem) => {
    expect(isAddressText(text)).toBe(shaped);
    expect(addressTextProblem(text)).toBe(problem);
  });
});
