import { z } from 'zod';
import { customNetworkInputSchema } from '../networks/customNetworkInput';
import { networkIdSchema } from '../networks/network';
import { method, topic } from './define';
import type { AppInfo, CredentialView, HealthEvent, HealthReport, NetworkView, SandboxStatus, SettingsView } from './views';

// THE API CONTRACT. Every method and subscription the renderer may use is named here, once.
// The main-side handler map, the Electron preload, the web host's WebSocket bridge and the
// renderer's client are all derived from it; inputs are validated with these schemas in main on
// every call. Outputs are JSON-safe (quantities as 0x hex); errors cross as `ApiError`.

const empty = z.strictObject({});
const networkRef = z.strictObject({ networkId: networkIdSchema });

/** API keys as a person pastes them: printable, no spaces. Validated again by the keychain service. */
const apiKeySchema = z.string().trim().min(1, 'Enter the API key.').max(256).regex(/^[^\s]+$/, 'An API key has no spaces.');

/** Every request/response method. */
export const methods = {
  /** Which shell hosts the app, and its version. */
  'app.info': method<AppInfo>()({ input: empty, doc: 'Which shell hosts the app and its version.' }),

  /** All networks (presets, Local, custom) with credential status; never a key. */
  'networks.list': method<NetworkView[]>()({ input: empty, doc: 'Every network with its credential status and which is selected.' }),
  /** Adds a custom network (any JSON-RPC URL). */
  'networks.add': method<NetworkView>()({ input: customNetworkInputSchema, doc: 'Adds a custom network; its key is set separately.' }),
  /** Replaces a custom network's fields. */
  'networks.update': method<NetworkView>()({
    input: z.strictObject({ networkId: networkIdSchema, network: customNetworkInputSchema }),
    doc: 'Replaces a custom network; built-in networks cannot be changed.',
  }),
  /** Deletes a custom network and its own key. */
  'networks.delete': method<{ deleted: true }>()({ input: networkRef, doc: 'Deletes a custom network and its own key.' }),
  /** Makes a network the one the app shows (persisted). */
  'networks.select': method<NetworkView>()({ input: networkRef, doc: 'Selects the network the app shows.' }),
  /** Probes a network once: chain id, head, latency, chain id mismatch. */
  'networks.test': method<HealthReport>()({ input: networkRef, doc: 'Probes a network once with its stored key.' }),

  /** Stores a network's key (and secret) in the OS keychain; answers only `{ configured, hint }`. */
  'credentials.set': method<CredentialView>()({
    input: z.strictObject({ networkId: networkIdSchema, apiKey: apiKeySchema, apiSecret: z.string().max(256).optional() }),
    doc: "Stores a network's key in the OS keychain.",
  }),
  /** Removes a network's key from the OS keychain. */
  'credentials.delete': method<CredentialView>()({ input: networkRef, doc: "Removes a network's key from the OS keychain." }),

  /** The local sandbox's state. */
  'sandbox.status': method<SandboxStatus>()({ input: empty, doc: "The local sandbox's state." }),
  /** Restarts the sandbox, keeping its chain. */
  'sandbox.restart': method<SandboxStatus>()({ input: empty, doc: 'Restarts the sandbox; the chain is kept.' }),
  /** Discards the sandbox's chain and seeds a new one. */
  'sandbox.resetChain': method<SandboxStatus>()({ input: empty, doc: "Discards the sandbox's chain and seeds it anew." }),

  /** The person's settings. */
  'settings.get': method<SettingsView>()({ input: empty, doc: "The person's settings." }),
  /** Changes some settings; answers all of them. */
  'settings.update': method<SettingsView>()({
    input: z.strictObject({ theme: z.enum(['light', 'dark', 'system']).optional() }),
    doc: 'Changes settings; answers all of them.',
  }),
} as const;

/**
 * Every subscription: started by the renderer, events pushed by main, cancellable (cancelling aborts main's
 * network work). Each declares its mode (see TopicMode): a live feed, or a finite stream.
 */
export const topics = {
  /** Live status of a network: connecting, each new head with latency, errors. */
  'network.health': topic<HealthEvent>()({ mode: 'live', input: networkRef, doc: 'Live status of a network: heads, latency, chain id mismatch, errors.' }),
  /** The sandbox's state whenever it changes (first event: the current state). */
  'sandbox.status': topic<SandboxStatus>()({ mode: 'live', input: empty, doc: "The sandbox's state, now and on every change." }),
} as const;

/** The whole contract. */
export const contract = { methods, topics } as const;
