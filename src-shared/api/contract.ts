import { appMethods } from './app';
import { callMethods } from './call';
import { contentMethods, contentTopics } from './content';
import { credentialMethods } from './credentials';
import { explorerMethods, explorerTopics } from './explorer';
import { gasMethods, gasTopics } from './gas';
import { historyMethods, historyTopics } from './history';
import { logsMethods, logsTopics } from './logs';
import { networkMethods, networkTopics } from './networks';
import { pricesMethods } from './prices';
import { sandboxMethods, sandboxTopics } from './sandbox';
import { settingsMethods } from './settings';
import { traceMethods } from './trace';

// THE API CONTRACT. Every method and subscription the renderer may use is named once, in the area file of
// its screen or service (`src-shared/api/<area>.ts`: input schemas, output types, views), and gathered here.
// The main-side handler map, the Electron preload, the web host's WebSocket bridge and the renderer's client
// are all derived from it; inputs are validated with these schemas in main on every call. Outputs are
// JSON-safe (quantities as 0x hex); errors cross as `ApiError`. A new screen adds an area file and one line
// in each object below.

/** Every request/response method. */
export const methods = {
  ...appMethods,
  ...networkMethods,
  ...credentialMethods,
  ...sandboxMethods,
  ...settingsMethods,
  ...explorerMethods,
  ...historyMethods,
  ...logsMethods,
  ...callMethods,
  ...traceMethods,
  ...gasMethods,
  ...contentMethods,
  ...pricesMethods,
} as const;

/**
 * Every subscription: started by the renderer, events pushed by main, cancellable (cancelling aborts main's
 * network work). Each declares its mode (see TopicMode): a live feed, or a finite stream.
 */
export const topics = {
  ...networkTopics,
  ...sandboxTopics,
  ...explorerTopics,
  ...historyTopics,
  ...logsTopics,
  ...gasTopics,
  ...contentTopics,
} as const;

/** The whole contract. */
export const contract = { methods, topics } as const;
