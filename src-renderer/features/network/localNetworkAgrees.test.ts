import { describe, expect, it } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { localNetwork, type LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';
import type { Network } from '../../../src-shared/networks/network';
import { PRESET_NETWORKS } from '../../../src-shared/networks/presets';
import { localNetworkAgrees } from './localNetworkAgrees';

const at = (origin: string): LocalSandboxAddresses => ({ rpcUrl: `${origin}/local/v3/`, wsUrl: `${origin.replace('http', 'ws')}/local/ws/v3/`, gasUrl: `${origin}/gas`, storageUrl: `${origin}/ipfs` });
const view = (network: Network, available: boolean): NetworkView => ({ ...network, credential: { configured: true }, selected: false, available });
const listWith = (local: NetworkView): NetworkView[] => [...PRESET_NETWORKS.slice(0, 2).map((preset) => view(preset, true)), local];
const running = (origin: string): SandboxStatus => ({ state: 'running', restarts: 0, origin });

describe('localNetworkAgrees', () => {
  it('agrees when the list has Local available at the running sandbox origin', () => {
    expect(localNetworkAgrees(listWith(view(localNetwork(at('http://127.0.0.1:41234')), true)), running('http://127.0.0.1:41234'))).toBe(true);
  });

  it('disagrees when the list was read while the sandbox was starting (Local not available yet)', () => {
    expect(localNetworkAgrees(listWith(view(localNetwork(), false)), running('http://127.0.0.1:41234'))).toBe(false);
  });

  it('disagrees when Local is at another origin (a sandbox restarted on a new port)', () => {
    expect(localNetworkAgrees(listWith(view(localNetwork(at('http://127.0.0.1:41234')), true)), running('http://127.0.0.1:50000'))).toBe(false);
  });

  it('agrees with a sandbox that is not running only when Local is not available', () => {
    for (const state of ['stopped', 'starting', 'restarting', 'crashed', 'failed'] as const) {
      const status: SandboxStatus = { state, restarts: 0 };
      expect(localNetworkAgrees(listWith(view(localNetwork(), false)), status)).toBe(true);
      expect(localNetworkAgrees(listWith(view(localNetwork(at('http://127.0.0.1:41234')), true)), status)).toBe(false);
    }
  });

  it('disagrees when there is no list yet, no Local in it, or a running state without an origin', () => {
    expect(localNetworkAgrees(undefined, running('http://127.0.0.1:41234'))).toBe(false);
    expect(localNetworkAgrees(PRESET_NETWORKS.map((preset) => view(preset, true)), running('http://127.0.0.1:41234'))).toBe(false);
    expect(localNetworkAgrees(listWith(view(localNetwork(at('http://127.0.0.1:41234')), true)), { state: 'running', restarts: 0 })).toBe(false);
  });
});
