import { quoteInput } from '../text/quoteInput';
import type { ApiError } from './apiError';

// The errors the dispatcher itself answers with (in main, and in the renderer's fake). Codes are
// stable: the renderer may branch on them.

/** A method or topic name that is not in the contract. */
export function unknownNameError(kind: 'method' | 'topic', name: string): ApiError {
  return kind === 'method'
    ? { name: 'UnknownMethodError', kind: 'invalidInput', code: 'unknown_method', shortMessage: `There is no API method named ${quoteInput(name)}.` }
    : { name: 'UnknownTopicError', kind: 'invalidInput', code: 'unknown_topic', shortMessage: `There is no API subscription named ${quoteInput(name)}.` };
}

/** A contract name that the running services do not implement (a wiring bug, not the caller's fault). */
export function notImplementedError(name: string): ApiError {
  return { name: 'NotImplementedError', kind: 'internal', code: 'not_implemented', shortMessage: `${quoteInput(name)} is not available in this build of Blockglass.` };
}

/** A message that could not be read as a client message. */
export function invalidMessageError(reason: string): ApiError {
  return { name: 'InvalidMessageError', kind: 'invalidInput', code: 'invalid_message', shortMessage: `The request was refused: ${reason}.` };
}

/** Too many calls or subscriptions at once on one connection. */
export function tooManyError(kind: 'calls' | 'subscriptions', limit: number): ApiError {
  return {
    name: 'TooManyRequestsError',
    kind: 'limit',
    code: kind === 'calls' ? 'too_many_calls' : 'too_many_subscriptions',
    shortMessage: `The window has more than ${limit} ${kind} open at once.`,
    details: kind === 'calls' ? 'Wait for some calls to finish.' : 'Cancel some subscriptions first.',
  };
}

/** An answer that could not be sent: not JSON-safe, or too large. */
export function unsendableError(reason: 'not-json-safe' | 'too-large', maxBytes: number): ApiError {
  return reason === 'not-json-safe'
    ? { name: 'OutputNotJsonSafeError', kind: 'internal', code: 'output_not_json_safe', shortMessage: 'The answer could not be sent: it is not JSON-safe.' }
    : { name: 'OutputTooLargeError', kind: 'limit', code: 'output_too_large', shortMessage: `The answer could not be sent: it is larger than ${maxBytes} bytes.` };
}
