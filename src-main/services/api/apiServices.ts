import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';

/**
 * What a transport needs from the app's services: the handler maps and the redactor. `AppServices`
 * (from `createAppServices`) has this shape; transports take only this part so they can be tested
 * with small handler maps.
 */
export interface ApiServices {
  handlers: MethodHandlers;
  topics: TopicHandlers;
  /** Removes every known secret from a text; applied to every error and log line that leaves main. */
  redact(text: string): string;
}
