import type { MethodHandlers, TopicHandlers, AbortSignalLike } from '../../../../src-shared/api/types';
import type { NetworkView } from '../../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../../src-shared/api/sandbox';
import type { SettingsView } from '../../../../src-shared/api/settings';
import { PRESET_NETWORKS } from '../../../../src-shared/networks/presets';
import { keyHint } from '../../secrets/keyHint';
import { redactSecrets } from '../../secrets/redactSecrets';
import type { ApiServices } from '../apiServices';

/** Small, real handler maps for transport tests, with probes to see what the handlers saw. */
export interface TestServices extends ApiServices {
  /** How many times each method or topic handler ran (to prove refusals happen before it). */
  runs: Map<string, number>;
  /** The signal of every `network.health` subscription, in order (to prove cancellation reaches the work). */
  healthSignals: AbortSignalLike[];
  /** Keys stored with `credentials.set`, by network id. */
  keys: Map<string, string>;
  /** Log lines of the services themselves. */
  lines: string[];
}

/**
 * Builds in-memory services that behave like the app's: settings and a selection that persist in
 * memory, keys that are stored and never answered, errors that carry the key inside (so redaction
 * can be tested), and subscriptions that do timed work until their signal aborts.
 */
export function createTestServices(options: { healthIntervalMs?: number } = {}): TestServices {
  const intervalMs = options.healthIntervalMs ?? 10;
  const runs = new Map<string, number>();
  const healthSignals: AbortSignalLike[] = [];
  const keys = new Map<string, string>();
  const lines: string[] = [];
  let settings: SettingsView = { theme: 'system' };
  let selected = 'mainnet';
  const status: SandboxStatus = { state: 'running', restarts: 0, origin: 'http://127.0.0.1:18545', since: 1 };
  const count = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);
  // The chain is read by the app services' own tests (over the sandbox), not by these transport tests.
  const unsupported = (name: string): never => {
    count(name);
    throw Object.assign(new Error('The test services read no chain.'), { name: 'NotSupportedError' });
  };
  const view = (id: string): NetworkView => {
    const network = PRESET_NETWORKS.find((candidate) => candidate.id === id);
    if (!network) throw Object.assign(new Error(`No network ${id}.`), { name: 'NetworkNotFoundError', code: 'NETWORK_NOT_FOUND' });
    const key = keys.get(id);
    return { ...network, credential: key ? { configured: true, hint: keyHint(key) } : { configured: false }, selected: id === selected, available: true };
  };

  const handlers: MethodHandlers = {
    'app.info': async (_input, context) => (count('app.info'), { name: 'Blockglass', version: '0.0.0-test', shell: context.shell, keychain: 'system' }),
    'networks.list': async () => (count('networks.list'), PRESET_NETWORKS.map((network) => view(network.id))),
    'networks.chainIdAt': async () => unsupported('networks.chainIdAt'),
    'networks.add': async () => {
      count('networks.add');
      throw Object.assign(new Error('Custom networks are not kept by the test services.'), { name: 'NotSupportedError' });
    },
    'networks.update': async ({ networkId }) => (count('networks.update'), view(networkId)),
    'networks.delete': async () => (count('networks.delete'), { deleted: true as const }),
    'networks.select': async ({ networkId }) => {
      count('networks.select');
      view(networkId);
      selected = networkId;
      return view(networkId);
    },
    'networks.test': async ({ networkId }) => {
      count('networks.test');
      const key = keys.get(networkId);
      if (!key) throw { name: 'CredentialMissingError', code: 'CREDENTIAL_MISSING', shortMessage: `${networkId} has no API key yet.` };
      // What a real failure looks like: the node's URL, with the key, in every field.
      const url = `https://${networkId}.infura.io/v3/${key}`;
      throw Object.assign(new Error(`HTTP request failed.\n\nURL: ${url}`), {
        name: 'HttpRequestError',
        shortMessage: `HTTP request to ${url} failed with status 401.`,
        details: `invalid project id ${key}`,
        code: 401,
        data: { url, headers: { [key]: encodeURIComponent(key) }, nested: [{ deeper: { key } }] },
      });
    },
    'credentials.set': async ({ networkId, apiKey }) => {
      count('credentials.set');
      keys.set(networkId, apiKey);
      return { configured: true, hint: keyHint(apiKey) };
    },
    'credentials.delete': async ({ networkId }) => (count('credentials.delete'), keys.delete(networkId), { configured: false }),
    'sandbox.status': async () => (count('sandbox.status'), status),
    'sandbox.restart': async () => (count('sandbox.restart'), status),
    'sandbox.resetChain': async () => (count('sandbox.resetChain'), status),
    'settings.get': async () => (count('settings.get'), settings),
    'settings.update': async (input) => {
      count('settings.update');
      settings = { ...settings, ...input };
      return settings;
    },
    'explorer.block': async () => unsupported('explorer.block'),
    'explorer.transaction': async () => unsupported('explorer.transaction'),
    'explorer.address': async () => unsupported('explorer.address'),
    'explorer.storage': async () => unsupported('explorer.storage'),
    'explorer.tokenFacts': async () => unsupported('explorer.tokenFacts'),
    'history.approvals': async () => unsupported('history.approvals'),
    'history.holdings': async () => unsupported('history.holdings'),
    'history.creation': async () => unsupported('history.creation'),
    'history.holders': async () => unsupported('history.holders'),
    'history.balance': async () => unsupported('history.balance'),
    'history.exportTransfers': async () => unsupported('history.exportTransfers'),
    'explorer.importAbi': async () => unsupported('explorer.importAbi'),
    'explorer.marks': async () => unsupported('explorer.marks'),
    'explorer.deleteAbi': async () => unsupported('explorer.deleteAbi'),
    'logs.preflight': async () => unsupported('logs.preflight'),
    'logs.events': async () => unsupported('logs.events'),
    'logs.export': async () => unsupported('logs.export'),
    'logs.savedList': async () => unsupported('logs.savedList'),
    'logs.save': async () => unsupported('logs.save'),
    'logs.rename': async () => unsupported('logs.rename'),
    'logs.duplicate': async () => unsupported('logs.duplicate'),
    'logs.delete': async () => unsupported('logs.delete'),
    'call.run': async () => unsupported('call.run'),
    'call.starknet': async () => unsupported('call.starknet'),
    'call.abi': async () => unsupported('call.abi'),
    'call.suggestedFrom': async () => unsupported('call.suggestedFrom'),
    'call.decodeData': async () => unsupported('call.decodeData'),
    'call.history': async () => unsupported('call.history'),
    'call.pin': async () => unsupported('call.pin'),
    'call.deleteHistory': async () => unsupported('call.deleteHistory'),
    'trace.transaction': async () => unsupported('trace.transaction'),
    'trace.whatIf': async () => unsupported('trace.whatIf'),
    'trace.state': async () => unsupported('trace.state'),
    'gas.history': async () => unsupported('gas.history'),
    'gas.blocks': async () => unsupported('gas.blocks'),
    'gas.settings': async () => unsupported('gas.settings'),
    'gas.updateSettings': async () => unsupported('gas.updateSettings'),
    'gas.alerts': async () => unsupported('gas.alerts'),
    'gas.addAlert': async () => unsupported('gas.addAlert'),
    'gas.deleteAlert': async () => unsupported('gas.deleteAlert'),
    'gas.snoozeAlert': async () => unsupported('gas.snoozeAlert'),
    'gas.firedAlerts': async () => unsupported('gas.firedAlerts'),
    'content.resolve': async () => unsupported('content.resolve'),
    'content.preview': async () => unsupported('content.preview'),
    'content.pins': async () => unsupported('content.pins'),
    'content.pin': async () => unsupported('content.pin'),
    'content.unpin': async () => unsupported('content.unpin'),
    'content.recent': async () => unsupported('content.recent'),
    'content.remember': async () => unsupported('content.remember'),
    'content.forgetRecent': async () => unsupported('content.forgetRecent'),
    'content.find': async () => unsupported('content.find'),
    'content.addBegin': async () => unsupported('content.addBegin'),
    'content.addChunk': async () => unsupported('content.addChunk'),
    'content.addFinish': async () => unsupported('content.addFinish'),
    'content.addCancel': async () => unsupported('content.addCancel'),
    'prices.ethPrice': async () => unsupported('prices.ethPrice'),
    'prices.setUserPrice': async () => unsupported('prices.setUserPrice'),
    'prices.clearUserPrice': async () => unsupported('prices.clearUserPrice'),
    'prices.typicalGas': async () => unsupported('prices.typicalGas'),
    'prices.estimateGas': async () => unsupported('prices.estimateGas'),
  };

  const topics: TopicHandlers = {
    'explorer.latest': async () => unsupported('explorer.latest'),
    'history.sent': async () => unsupported('history.sent'),
    'history.transfers': async () => unsupported('history.transfers'),
    'history.callers': async () => unsupported('history.callers'),
    'logs.run': async () => unsupported('logs.run'),
    'logs.tail': async () => unsupported('logs.tail'),
    'gas.watch': async () => unsupported('gas.watch'),
    'content.list': async () => unsupported('content.list'),
    'content.save': async () => unsupported('content.save'),
    'network.health': async ({ networkId }, emit, signal) => {
      count('network.health');
      healthSignals.push(signal);
      const key = keys.get(networkId);
      if (networkId === 'broken') throw new Error(`WebSocket to wss://broken.infura.io/ws/v3/${key ?? 'none'} closed.`);
      const base = { networkId, ok: true, expectedChainId: 1, chainIdMismatch: false };
      emit({ ...base, state: 'connecting', checkedAt: Date.now() });
      let head = 0;
      // The "network work": a timer that must stop when the subscription is cancelled.
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          head += 1;
          emit({ ...base, state: 'connected', chainId: 1, head: { number: `0x${head.toString(16)}`, hash: `0x${'0'.repeat(64)}`, timestamp: '0x1' }, checkedAt: Date.now() });
        }, intervalMs);
        signal.addEventListener('abort', () => {
          clearInterval(timer);
          resolve();
        }, { once: true });
      });
    },
    'sandbox.status': async (_input, emit, signal) => {
      count('topic:sandbox.status');
      emit(status);
      emit({ ...status, state: 'restarting' });
      if (signal.aborted) return;
      // Ends by itself after two events: main can end a subscription too.
    },
  };

  return {
    handlers,
    topics,
    runs,
    healthSignals,
    keys,
    lines,
    redact: (text) => redactSecrets(text, [...keys.values()]),
  };
}
