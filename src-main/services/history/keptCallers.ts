import type { KeptCallers } from './callersOf';

const HEX = /^0x[0-9a-f]+$/;
const TOUCHES = new Set(['created', 'called', 'emitted', 'internal', 'received']);

/** Whether a value read back from the store is what `callersOf` kept (else it is found again). */
export function isKeptCallers(value: unknown): value is KeptCallers {
  const v = value as Partial<KeptCallers> | null;
  if (typeof v !== 'object' || v === null) return false;
  if ((v.mode !== 'proof' && v.mode !== 'balance') || typeof v.from !== 'string' || !HEX.test(v.from) || typeof v.coveredTo !== 'string' || !HEX.test(v.coveredTo)) return false;
  if (typeof v.isContract !== 'boolean' || typeof v.state !== 'string' || typeof v.changedBlocks !== 'number' || !Array.isArray(v.rows)) return false;
  if (v.notKept !== undefined && !(Array.isArray(v.notKept) && v.notKept.every((range) => typeof range?.from === 'string' && HEX.test(range.from) && typeof range.to === 'string' && HEX.test(range.to)))) return false;
  return v.rows.every(
    (row) =>
      typeof row === 'object' &&
      row !== null &&
      typeof row.id === 'string' &&
      typeof row.blockNumber === 'string' &&
      HEX.test(row.blockNumber) &&
      TOUCHES.has(row.touch) &&
      typeof row.value === 'string' &&
      /^\d+$/.test(row.value) &&
      (row.input === null || typeof row.input === 'string'),
  );
}
