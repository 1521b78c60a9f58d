/*
 * SECURITY: every gateway path is authenticated before anything else happens (only a CORS
 * preflight, which carries no request, is answered first). The key is never logged: log lines use
 * `redactPath`.
 */
import type http from 'node:http';
import { checkKey } from './authRefusal';
import type { GatewayLimits } from './gatewayLimits';
import { matchGatewayPath, redactPath } from './gatewayPaths';
import {
  sendAuthRefusal,
  sendJson,
  sendMethodNotAllowed,
  sendNoContent,
  sendPayloadTooLarge,
  sendPreflight,
  sendUpgradeRequired,
} from './httpReplies';
import { readBody } from './readBody';
import type { RpcPipeline } from './rpcPipeline';

export interface HttpHandlerDeps {
  network: string;
  isValidKey: (key: string) => boolean;
  limits: GatewayLimits;
  pipeline: RpcPipeline;
  log?: (line: string) => void;
}

/** Builds the HTTP side: claims gateway paths, authenticates, reads the body and runs the pipeline. */
export function createHttpHandler(deps: HttpHandlerDeps): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const { network, isValidKey, limits, pipeline, log } = deps;

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, key: string): Promise<void> {
    const body = await readBody(req, limits.maxBodyBytes);
    if (body === 'too-large') return sendPayloadTooLarge(res, limits.maxBodyBytes);
    // Head-cache hits come back synchronously; awaiting them anyway would cost a microtask turn.
    const pending = pipeline.processMessage(body, { key });
    const outcome = pending instanceof Promise ? await pending : pending;
    if (res.destroyed) return;
    if (outcome.kind === 'none') return sendNoContent(res);
    sendJson(res, outcome.status, outcome.body, outcome.retryAfterSeconds);
  }

  return (req, res) => {
    const path = matchGatewayPath(req.url, network);
    if (path === undefined) return false;
    if (req.method === 'OPTIONS') {
      sendPreflight(req, res);
      return true;
    }
    const auth = checkKey(path, isValidKey);
    if ('refusal' in auth) {
      sendAuthRefusal(res, auth.refusal);
      return true;
    }
    if (path.transport === 'ws') {
      sendUpgradeRequired(res);
      return true;
    }
    if (req.method !== 'POST') {
      sendMethodNotAllowed(res);
      return true;
    }
    serve(req, res, auth.key).catch((error: unknown) => {
      // Only a client that vanished mid-body (or a bug) lands here; the path is redacted.
      log?.(`gateway: ${req.method} ${redactPath(req.url)} aborted: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent && !res.destroyed) sendJson(res, 500, Buffer.from('{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error"}}'));
      else res.destroy();
    });
    return true;
  };
}
