import fs from 'node:fs';

/** Resident set size of a process in bytes, from /proc (Linux), or undefined when it cannot be read. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; returns the peak seen. */
export function sampleMemory(pid: number, intervalMs = 50): { stop(): number; peak(): number } {
  let peak = residentBytes(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, intervalMs);
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, residentBytes(pid) ?? 0);
      return peak;
    },
  };
}
