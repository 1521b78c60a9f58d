import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { credentialHandlers } from '../secrets/credentialHandlers';
import type { ExplorerService } from '../explorer/createExplorerService';
import { explorerHandlers } from '../explorer/explorerHandlers';
import type { HistoryService } from '../history/createHistoryService';
import { historyHandlers } from '../history/historyHandlers';
import type { LogsService } from '../logs/createLogsService';
import { logsHandlers } from '../logs/logsHandlers';
import { networkHandlers, type NetworkHandlerDeps } from '../networks/networkHandlers';
import { sandboxHandlers } from '../sandbox/sandboxHandlers';
import type { SandboxLauncher } from '../sandbox/createSandboxLauncher';
import type { SecretStore } from '../secrets/createSecretStore';
import { settingsHandlers } from '../settings/settingsHandlers';
import type { ThemeSetting } from '../settings/themeSetting';
import { appHandlers, type AppFacts } from './appHandlers';
import type { CallService } from '../call/createCallService';
import { callHandlers } from '../call/callHandlers';
import type { GasService } from '../gas/createGasService';
import { gasHandlers } from '../gas/gasHandlers';
import type { ContentService } from '../content/createContentService';
import { contentHandlers } from '../content/contentHandlers';
import type { TraceService } from '../trace/createTraceService';
import { traceHandlers } from '../trace/traceHandlers';
import type { WhatIfService } from '../trace/whatIf/createWhatIfService';
import { whatIfHandlers } from '../trace/whatIfHandlers';
import type { PricesService } from '../prices/createPricesService';
import { pricesHandlers } from '../prices/pricesHandlers';

/** The services the areas' handlers are written against (the composition root builds the real ones). */
export interface HandlerDeps extends NetworkHandlerDeps {
  secrets: Pick<SecretStore, 'status'>;
  launcher: Pick<SandboxLauncher, 'status' | 'onStatus' | 'restart' | 'resetChain'>;
  theme: ThemeSetting;
  app: AppFacts;
  explorer: ExplorerService;
  history: HistoryService;
  logs: LogsService;
  call: CallService;
  gas: GasService;
  content: ContentService;
  trace: TraceService;
  whatIf: WhatIfService;
  prices: PricesService;
}

/**
 * Every method and subscription of the contract, from each area's handlers (which live beside their
 * service). What they throw is mapped and redacted by the dispatcher, where it leaves (`api/createDispatcher.ts`).
 * A missing handler is a compile error here.
 */
export function createHandlers(deps: HandlerDeps): { handlers: MethodHandlers; topics: TopicHandlers } {
  const networks = networkHandlers(deps);
  const sandbox = sandboxHandlers(deps.launcher);
  const explorer = explorerHandlers(deps.explorer);
  const history = historyHandlers(deps.history);
  const logs = logsHandlers(deps.logs);
  const gas = gasHandlers(deps.gas);
  const content = contentHandlers(deps.content);
  const handlers: MethodHandlers = {
    ...appHandlers(deps.app),
    ...settingsHandlers(deps),
    ...networks.methods,
    ...credentialHandlers(deps),
    ...sandbox.methods,
    ...explorer.methods,
    ...history.methods,
    ...logs.methods,
    ...callHandlers(deps.call),
    ...traceHandlers(deps.trace),
    ...whatIfHandlers(deps.whatIf),
    ...gas.methods,
    ...content.methods,
    ...pricesHandlers(deps.prices),
  };
  const topics: TopicHandlers = { ...networks.topics, ...sandbox.topics, ...explorer.topics, ...history.topics, ...logs.topics, ...gas.topics, ...content.topics };
  return { handlers, topics };
}
