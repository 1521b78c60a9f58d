// SECURITY: the ready line carries the sandbox's key (in `key` and at the end of the JSON-RPC URLs) and its
// secret. It is parsed here and dropped: what leaves is the addresses without the key. Never log the line,
// and never quote it in an error.
import { z } from 'zod';
import type { LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';

const readyLineSchema = z.object({
  chainId: z.number().int().positive(),
  rpcUrl: z.string().regex(/^http:\/\/[^/]+\/[^/]+\/v3\/[^/?#]+$/),
  wsUrl: z.string().regex(/^ws:\/\/[^/]+\/[^/]+\/ws\/v3\/[^/?#]+$/),
  gasUrl: z.string().regex(/^http:\/\/[^/]+$/),
  storageUrl: z.string().regex(/^http:\/\/[^/]+$/),
  key: z.string().min(1),
  secret: z.string().nullable(),
  liveStatesKept: z.number().int().positive().optional(),
  liveBlocksKept: z.number().int().positive().optional(),
});

/**
 * The addresses announced by the sandbox's `--json` ready line, with the key cut off the JSON-RPC URLs
 * (`…/local/v3/`), or undefined when the line is not a ready line or announces another key than `expectedKey`
 * (a sandbox that ignored the key it was given would refuse the app's requests).
 */
export function parseReadyLine(line: string, expectedKey: string): LocalSandboxAddresses | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = readyLineSchema.safeParse(json);
  if (!parsed.success || parsed.data.key !== expectedKey) return undefined;
  const { chainId, rpcUrl, wsUrl, gasUrl, storageUrl, liveStatesKept, liveBlocksKept } = parsed.data;
  const withoutKey = (url: string) => url.replace(/\/v3\/[^/?#]+$/, '/v3/');
  return { chainId, rpcUrl: withoutKey(rpcUrl), wsUrl: withoutKey(wsUrl), gasUrl, storageUrl, ...(liveStatesKept === undefined ? {} : { liveStatesKept }), ...(liveBlocksKept === undefined ? {} : { liveBlocksKept }) };
}
