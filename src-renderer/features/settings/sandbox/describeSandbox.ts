import type { SandboxStatus } from '../../../../src-shared/api/sandbox';
import type { StatusTone } from '../../../components/StatusDot';

const STATES: Record<SandboxStatus['state'], { tone: StatusTone; label: string }> = {
  running: { tone: 'ok', label: 'Running' },
  starting: { tone: 'busy', label: 'Starting' },
  restarting: { tone: 'busy', label: 'Restarting' },
  stopped: { tone: 'idle', label: 'Stopped' },
  crashed: { tone: 'error', label: 'Crashed' },
  failed: { tone: 'error', label: 'Could not start' },
};

/** The sandbox's state for the status dot and its label. */
export function describeSandbox(state: SandboxStatus['state']): { tone: StatusTone; label: string } {
  return STATES[state];
}
