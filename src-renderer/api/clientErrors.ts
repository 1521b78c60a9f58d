import type { ApiError } from '../../src-shared/api/apiError';
import type { PipeClosure } from '../../src-shared/api/closeCodes';

// Errors the client makes itself, shaped like main's so the UI shows them the same way.

/** The connection dropped while a call was in flight; whether it ran in main is unknown. */
export function connectionLostError(): ApiError {
  return {
    name: 'ConnectionLostError',
    kind: 'unreachable',
    code: 'connection_lost',
    shortMessage: 'The connection to Blockglass was lost before the answer came.',
    details: 'The window reconnects by itself; try again in a moment.',
  };
}

/** Main hung up on the connection, with a close code and a reason (it could not accept what the window sent). */
export function connectionClosedError(closure: PipeClosure): ApiError {
  return {
    name: 'ConnectionClosedError',
    kind: 'internal',
    code: closure.code,
    shortMessage: `Blockglass closed the connection: ${closure.reason === '' ? 'no reason given' : closure.reason}.`,
    details: 'The window sent a message Blockglass could not accept; it reconnects by itself.',
  };
}

/** The client was closed; no more calls can be made with it. */
export function clientClosedError(): ApiError {
  return { name: 'ClientClosedError', kind: 'cancelled', code: 'client_closed', shortMessage: 'The API client was closed.' };
}

/** The transport refused to send a request although it is connected. */
export function sendFailedError(): ApiError {
  return { name: 'SendFailedError', kind: 'internal', code: 'send_failed', shortMessage: 'The request could not be sent to Blockglass.' };
}

/** A request that cannot be sent as it is (not JSON-safe, or too large). */
export function unsendableRequestError(name: string, reason: string): ApiError {
  return { name: 'InvalidInputError', kind: 'invalidInput', code: 'invalid_input', shortMessage: `Invalid input for ${name}: ${reason}.` };
}

/** The web page was opened without its per-launch access token (or reloaded, which drops it on purpose). */
export function missingTokenError(): ApiError {
  return {
    name: 'MissingAccessTokenError',
    kind: 'credentials',
    code: 'missing_token',
    shortMessage: 'This window has no access token, so it cannot reach Blockglass.',
    details:
      'The token is handed to the window once, when Blockglass opens it, and kept in memory only: reloading the page drops it. ' +
      'Open Blockglass again (npm start), or open the full address that `npm run serve` printed.',
  };
}
