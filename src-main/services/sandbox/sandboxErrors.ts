import { BlockglassError } from '../errors/blockglassError';

/** The sandbox process did not come up (it exited, or printed no ready line in time). */
export class SandboxStartError extends BlockglassError {
  override name = 'SandboxStartError';
  constructor(reason: string, lastLines: string) {
    super('The local sandbox could not start', {
      code: 'SANDBOX_START_FAILED',
      details: `${reason}.`,
      ...(lastLines ? { nodeSaid: lastLines } : {}),
    });
  }
}

/** The running sandbox process ended without being asked to. */
export class SandboxCrashedError extends BlockglassError {
  override name = 'SandboxCrashedError';
  constructor(exit: string, lastLines: string) {
    super('The local sandbox stopped unexpectedly', {
      code: 'SANDBOX_CRASHED',
      details: `It ${exit}; Blockglass restarts it.`,
      ...(lastLines ? { nodeSaid: lastLines } : {}),
    });
  }
}
