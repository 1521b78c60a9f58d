// SECURITY: the value returned carries the key and secret (base64 is not encryption). It is for request
// headers built in the main process only, and must be registered for redaction like the key itself.

/** The token of HTTP basic auth for the gas-fee API and the content store: base64 of `key:secret`. */
export function basicAuthToken(apiKey: string, apiSecret?: string): string {
  return Buffer.from(`${apiKey}:${apiSecret ?? ''}`, 'utf8').toString('base64');
}

/** The `Authorization` header value for HTTP basic auth with the key and its optional secret. */
export function basicAuthorization(apiKey: string, apiSecret?: string): string {
  return `Basic ${basicAuthToken(apiKey, apiSecret)}`;
}
