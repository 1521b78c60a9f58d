import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import { addressSchema } from './explorer';
import { nameSchema } from '../text/nameSchema';
import { logQueryProblems } from '../logs/logQuery';
import type { EventChoice, LogExportResult, LogPreflight, LogQuery, LogRunEvent, LogTailEvent, SavedLogQuery } from '../logs/types';
import { method, topic } from './define';
import { groupDigits } from '../text/groupDigits';

// Area `logs`: the log-query builder. A query is checked here with the same rules the builder shows
// (logQueryProblems), so main refuses exactly what the form refuses, with the same words.

const MAX_ENTRIES = 20_000;

/** A log query as the builder sends it; every problem is reported with the field it concerns. */
export const logQuerySchema = z
  .strictObject({
    addresses: z.array(z.string().max(200)).max(MAX_ENTRIES, `At most ${groupDigits(MAX_ENTRIES)} addresses.`),
    topics: z.array(z.array(z.string().max(200)).max(MAX_ENTRIES, `At most ${groupDigits(MAX_ENTRIES)} values in one topic position.`).nullable()).max(4, 'A log has at most four topics.'),
    fromBlock: z.string().max(100).optional(),
    toBlock: z.string().max(100).optional(),
    blockHash: z.string().max(100).optional(),
    event: z.string().max(2_000).optional(),
  })
  .superRefine((query, context) => {
    for (const problem of logQueryProblems(query)) context.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  }) satisfies z.ZodType<LogQuery>;

const idSchema = z.string().regex(/^[0-9a-z-]{1,64}$/, 'A saved query id is letters, digits and dashes.');

/** The methods of area `logs`. */
export const logsMethods = {
  'logs.preflight': method<LogPreflight>()({
    input: z.strictObject({ networkId: networkIdSchema, query: logQuerySchema }),
    doc: "Before a query runs: its parameters and block span against the service's limits, an estimate of the result count from sampled sub-ranges, and the requests and time the plan needs, with warnings.",
  }),
  'logs.events': method<EventChoice[]>()({
    input: z.strictObject({ networkId: networkIdSchema, search: z.string().max(200), address: addressSchema.optional() }),
    doc: "Events whose name starts with (or signature contains) the search text, from imported ABIs and contracts' metadata (of `address` when given) and the signature database, at most 50.",
  }),
  'logs.export': method<LogExportResult>()({
    input: z.strictObject({ runId: z.string().regex(/^[0-9a-f-]{8,64}$/, 'A run id is hex digits and dashes.'), format: z.enum(['csv', 'json']) }),
    doc:
      'Writes the rows of a run (finished or not) to a file the person picks, streamed row by row: a download on the web host, a save dialog in Electron. ' +
      'The answer names the blocks the run passed over because the node no longer keeps them (`dropped`): their logs are not in the file.',
  }),
  'logs.savedList': method<SavedLogQuery[]>()({
    input: z.strictObject({}),
    doc: 'The saved queries, most recently changed first.',
  }),
  'logs.save': method<SavedLogQuery>()({
    input: z.strictObject({ name: nameSchema(), networkId: networkIdSchema.nullable(), query: logQuerySchema }),
    doc: 'Saves a query under a name.',
  }),
  'logs.rename': method<SavedLogQuery>()({
    input: z.strictObject({ id: idSchema, name: nameSchema() }),
    doc: 'Renames a saved query.',
  }),
  'logs.duplicate': method<SavedLogQuery>()({
    input: z.strictObject({ id: idSchema }),
    doc: 'Copies a saved query under a new name ("… (copy)").',
  }),
  'logs.delete': method<{ deleted: boolean }>()({
    input: z.strictObject({ id: idSchema }),
    doc: 'Deletes a saved query.',
  }),
} as const;

/** The subscriptions of area `logs`. */
export const logsTopics = {
  'logs.run': topic<LogRunEvent>()({
    mode: 'stream',
    input: z.strictObject({ networkId: networkIdSchema, query: logQuerySchema }),
    doc: "Runs a query over its whole range, split to fit the service's limits, rows streamed in chain order with progress; cancelling stops the requests at once.",
  }),
  'logs.tail': topic<LogTailEvent>()({
    mode: 'live',
    input: z.strictObject({ networkId: networkIdSchema, query: logQuerySchema }),
    doc: "Follows a filter from now on: an eth_subscribe `logs` subscription (polling each new head where the network has no WebSocket); logs a reorganisation removed come again with `removed: true`.",
  }),
} as const;
