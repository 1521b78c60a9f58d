import type { RequestTiming } from '../../../src-shared/api/dispatcherTypes';

const LINE = /^api timing: (call|subscription) ([\w.]+) #(\d+): work ([\d.]+) ms, input check ([\d.]+) ms, send ([\d.]+) ms, (\d+) chars$/;

/** One request's timing as a log line (names, ids and figures only: never an input or an answer). */
export function describeTiming(timing: RequestTiming): string {
  const ms = (value: number) => value.toFixed(1);
  return `api timing: ${timing.kind} ${timing.name} #${timing.id}: work ${ms(timing.workMs)} ms, input check ${ms(timing.checkMs)} ms, send ${ms(timing.sendMs)} ms, ${timing.chars} chars`;
}

/** The timing a {@link describeTiming} line says, or undefined for any other line (the bench reads the host's log). */
export function readTiming(line: string): RequestTiming | undefined {
  const match = LINE.exec(line.replace(/^\[blockglass\] /, ''));
  if (!match) return undefined;
  const [, kind, name, id, work, check, send, chars] = match;
  return { kind: kind as RequestTiming['kind'], name: name!, id: Number(id), workMs: Number(work), checkMs: Number(check), sendMs: Number(send), chars: Number(chars) };
}
