/** What Node's HTTP parser says about a request it could not read (`clientError`). */
export interface ClientParseError {
  /** `HPE_HEADER_OVERFLOW`, `HPE_INVALID_HEADER_TOKEN`, `ERR_HTTP_REQUEST_TIMEOUT`, … */
  code?: string;
  /** llhttp's words for it: `Invalid header value char`, `Invalid method encountered`, … (never the request's bytes). */
  reason?: string;
}

/**
 * The raw answer to a request the parser refused, as Go's net/http writes it (Kubo and the hosted service run on
 * Go): the status, and a plain-text line saying why. Headers over the limit are 431, a request too slow 408,
 * anything else 400 with the parser's reason; the connection is closed after it.
 */
export function clientErrorResponse(error: ClientParseError): string {
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const reason = status === 400 ? (error.reason ?? '').replace(/\.$/, '').toLowerCase() || 'malformed HTTP request' : '';
  return rawTextResponse(status, text, reason);
}

/** A raw plain-text answer that closes the connection: `<status> <text>[: <reason>]` as its one line. */
export function rawTextResponse(status: number, text: string, reason = ''): string {
  const body = `${status} ${text}${reason ? `: ${reason}` : ''}\n`;
  return `HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}
