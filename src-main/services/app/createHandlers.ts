import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import type { AppDeps } from './appDeps';
import { credentialHandlers } from './credentialHandlers';
import { networkHandlers } from './networkHandlers';
import { sandboxHandlers } from './sandboxHandlers';
import { settingsHandlers } from './settingsHandlers';
import { topicHandlers } from './topicHandlers';
import { withErrorMapping } from './withErrorMapping';

/** Every method and subscription of the contract over `deps`, throwing only redacted ApiErrors. */
export function createHandlers(deps: AppDeps): { handlers: MethodHandlers; topics: TopicHandlers } {
  const handlers: MethodHandlers = {
    ...settingsHandlers(deps),
    ...networkHandlers(deps),
    ...credentialHandlers(deps),
    ...sandboxHandlers(deps),
  };
  return { handlers: withErrorMapping(handlers, deps.redact), topics: withErrorMapping(topicHandlers(deps), deps.redact) };
}
