import { useEffect, useRef, useState } from 'react';
import type { SandboxStatus } from '../../src-shared/api/sandbox';
import { useLiveSubscription } from '../hooks/useLiveSubscription';
import { preloadScreensWhenIdle } from './preloadScreens';

/** The longest a window waits for the sandbox's start before it preloads the screens' scripts anyway. */
export const SANDBOX_START_WAIT_MS = 5_000;

/** Whether the sandbox is on its way up: the work a window can do later waits while it is. */
const sandboxStarting = (status: SandboxStatus | undefined) => status?.state === 'starting' || status?.state === 'restarting';

let preloading: Promise<void> | undefined;
/** The window's preload of every screen's script, asked once whatever asks it. */
const preloadOnce = () => (preloading ??= preloadScreensWhenIdle());

/**
 * Starts the preload of every screen's script (app/preloadScreens.ts) once the Local sandbox is not starting, or
 * `waitMs` after the window started at the latest. On a restart of the app the sandbox restores its chain on the same
 * cores as the window loads: the preload's compiling (a third of a second of the window's CPU on two cores) held the
 * live head back by as much. Draws nothing.
 */
export function ScreenPreloader({ waitMs = SANDBOX_START_WAIT_MS, preload = preloadOnce }: { waitMs?: number; preload?: () => unknown }) {
  const status = useLiveSubscription('sandbox.status', {}).data;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), waitMs);
    return () => clearTimeout(timer);
  }, [waitMs]);
  const ready = waited || (status !== undefined && !sandboxStarting(status));
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true; // once: a later restart of the sandbox does not ask again
    void preload();
  }, [ready, preload]);
  return null;
}
