// SECURITY: the request carries the key (basic credentials, or in the path). Nothing here puts the address,
// the header or the answer's raw text into an error; messages quote only the service's own `error` field, and
// the caller's redactor runs over everything that leaves main anyway.
import { request, type Dispatcher } from 'undici';
import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import { lenientFeeSuggestionSchema } from '../../../src-shared/gas/feeSuggestionSchema';
import type { GasRequest } from '../rpc/networkWithCredentials';
import { GasApiError } from './gasErrors';

const TIMEOUT_MS = 10_000;
const MAX_BYTES = 256 * 1024;

/** A suggestion and the block the service says it was computed for (the sandbox's `x-block-number`). */
export interface FetchedSuggestion {
  suggestion: FeeSuggestion;
  block: number | undefined;
}

/** GETs a fee suggestion; any failure is a GasApiError that says what went wrong in plain words. */
export async function fetchGasSuggestion(gas: GasRequest, options: { signal?: AbortSignal; dispatcher?: Dispatcher } = {}): Promise<FetchedSuggestion> {
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(gas.url, {
      method: 'GET',
      headers: { accept: 'application/json', ...(gas.authorization ? { authorization: gas.authorization } : {}) },
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const code = (error as { code?: string }).code;
    throw new GasApiError('The gas API could not be reached.', {
      details: code === 'UND_ERR_HEADERS_TIMEOUT' ? `No answer within ${TIMEOUT_MS / 1000} s.` : 'The connection failed: check the network, or the gas API address in Settings → Networks.',
      ...(code ? { nodeSaid: code } : {}),
    });
  }
  const text = await readCapped(answer.body);
  const body = parseJson(text);
  if (answer.statusCode !== 200) {
    const said = typeof (body as { error?: unknown })?.error === 'string' ? String((body as { error: string }).error).slice(0, 300) : undefined;
    const backoff = backoffOf(body, answer.headers['retry-after']);
    throw new GasApiError(statusSentence(answer.statusCode), {
      status: answer.statusCode,
      ...(said ? { nodeSaid: said } : {}),
      ...(backoff !== undefined ? { backoffSeconds: backoff } : {}),
    });
  }
  if (body === undefined) throw new GasApiError('The gas API answered with something that is not JSON.', { status: 200 });
  const parsed = lenientFeeSuggestionSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new GasApiError('The gas API answered with an unexpected shape.', { status: 200, details: `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? ''}` });
  }
  const header = answer.headers['x-block-number'];
  const block = typeof header === 'string' && /^[0-9]{1,15}$/.test(header) ? Number(header) : undefined;
  const { version, ...fields } = parsed.data;
  const suggestion: FeeSuggestion = {
    ...fields,
    low: pickLevel(fields.low),
    medium: pickLevel(fields.medium),
    high: pickLevel(fields.high),
    ...(version !== undefined ? { version } : {}),
  };
  return { suggestion, block };
}

function pickLevel(level: FeeSuggestion['low']) {
  return {
    suggestedMaxPriorityFeePerGas: level.suggestedMaxPriorityFeePerGas,
    suggestedMaxFeePerGas: level.suggestedMaxFeePerGas,
    minWaitTimeEstimate: level.minWaitTimeEstimate,
    maxWaitTimeEstimate: level.maxWaitTimeEstimate,
  };
}

/** What an HTTP failure of the gas API means, in words (the status and the service's words go behind Details). */
function statusSentence(status: number): string {
  if (status === 401 || status === 403) return 'The gas API refused the credentials: check the key in Settings → Keys.';
  if (status === 429) return 'The gas API is rate-limiting this key.';
  if (status === 400) return 'The gas API refused the request.';
  if (status === 404) return "The gas API has no such address: check the network's gas API address.";
  if (status >= 500) return 'The gas API failed on its side; the dashboard asks again by itself.';
  return 'The gas API answered with an unexpected HTTP status.';
}

function backoffOf(body: unknown, retryAfter: string | string[] | undefined): number | undefined {
  const fromBody = (body as { backoff_seconds?: unknown } | undefined)?.backoff_seconds;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const header = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
  if (header && /^[0-9]{1,6}$/.test(header.trim())) return Number(header.trim());
  return undefined;
}

async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      body.destroy();
      throw new GasApiError(`The gas API's answer is larger than ${MAX_BYTES / 1024} KiB.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
