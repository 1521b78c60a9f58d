// The web host's API socket, as both ends know it: the host (src-main/web) and the renderer's client.

/** Path of the web host's API socket; every other path is the renderer build. */
export const API_SOCKET_PATH = '/api';

/** Subprotocol the host selects; the client offers it plus `blockglass.<token>`. */
export const API_SUBPROTOCOL = 'blockglass';

/** Prefix of the offered subprotocol that carries the access token. */
export const TOKEN_PROTOCOL_PREFIX = `${API_SUBPROTOCOL}.`;

/** The subprotocols a client offers: the protocol itself, and the token inside a header (never in a URL that could be logged). */
export function apiSubprotocols(token: string): string[] {
  return [API_SUBPROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token}`];
}
