import type http from 'node:http';
import type { CommandQuery } from './commandQuery';
import type { ContentBlocks } from './contentBlocks';
import type { IndirectPins } from './indirectPins';
import type { PinStore } from './pinStore';
import type { CommandReply } from './wire';

/** What every command handler works with: the store's state, shared by all requests. */
export interface ContentContext {
  /** `<dataDir>/content`: the blocks folder and the store's small files live here. */
  folder: string;
  blocks: ContentBlocks;
  pins: PinStore;
  indirectPins: IndirectPins;
  log: (line: string) => void;
}

/** One call of a command. */
export interface CommandCall {
  req: http.IncomingMessage;
  query: CommandQuery;
  reply: CommandReply;
}

/**
 * A command under `/api/v0/`. It parses its query first (throwing `ArgumentError` for a 400), then answers
 * through `reply`; anything it throws is reported by the dispatcher as Kubo would at that point.
 */
export type CommandHandler = (context: ContentContext, call: CommandCall) => Promise<void>;
