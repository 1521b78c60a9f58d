// Why main hung up on a window: WebSocket close codes (1000-1015 are the protocol's, 4000-4999 are
// the application's). The Electron pipe carries the same codes in a `closed` message, so both
// shells refuse the same way and the client reports the same reason.

/** Close codes the API door uses, and what each means. */
export const API_CLOSE = {
  /** A binary frame: the API speaks JSON text only. */
  unsupportedData: 1003,
  /** Text that is not JSON. */
  invalidPayload: 1007,
  /** The window does not read its messages. */
  policy: 1008,
  /** A message over the size limit. */
  tooBig: 1009,
  /** JSON that is not a client message, and has no id an error could be sent to. */
  notAMessage: 4400,
  /** A message reusing the id of a call or subscription still in flight. */
  idInUse: 4409,
} as const;

/** The longest close reason a WebSocket allows, in UTF-8 bytes. */
export const MAX_CLOSE_REASON_BYTES = 123;

/** Whether a close code means main refused what the window sent (rather than the pipe dropping). */
export function isRefusalCloseCode(code: number): boolean {
  return code === API_CLOSE.unsupportedData || code === API_CLOSE.invalidPayload || code === API_CLOSE.policy || code === API_CLOSE.tooBig || (code >= 4000 && code <= 4999);
}

/** How a pipe closed, as a transport reports it to the client. */
export interface PipeClosure {
  code: number;
  reason: string;
}
