import { GAS_POLL_SECONDS, GAS_RETENTION_DAYS } from '../../../src-shared/gas/gasSettings';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** The gas settings as typed: seconds between polls, and days samples are kept. */
export interface GasSettingsDraft {
  poll: string;
  keep: string;
}

/** A whole number typed in a field, checked against its bounds with a message that says which. */
function wholeProblem(text: string, what: string, min: number, max: number): string | undefined {
  if (!/^\d+$/.test(text.trim())) return `${what} is a whole number.`;
  const value = Number(text);
  if (value < min || value > max) return `${what} is from ${min} to ${groupDigits(max)}.`;
  return undefined;
}

/** Why each gas setting as typed cannot be saved; none when both can. Pure. */
export function gasSettingsProblems(draft: GasSettingsDraft): { poll?: string; keep?: string } {
  const poll = wholeProblem(draft.poll, 'The poll interval in seconds', GAS_POLL_SECONDS.min, GAS_POLL_SECONDS.max);
  const keep = wholeProblem(draft.keep, 'The days samples are kept', GAS_RETENTION_DAYS.min, GAS_RETENTION_DAYS.max);
  return { ...(poll ? { poll } : {}), ...(keep ? { keep } : {}) };
}
