import { decode, encode } from '../logs/logQueryUrl';
import type { CallRequest } from './types';

// A call as text a person can copy: the JSON-RPC body, a curl line, a `cast call` line. The URL is a template
// the caller gives with a placeholder where the key goes: the key is never an input here.

/** The `eth_call` params: the call object, the block parameter (a hash as EIP-1898's `{ blockHash }`), the overrides when any. */
export function callParams(request: CallRequest): unknown[] {
  const block = /^0x[0-9a-fA-F]{64}$/.test(request.block) ? { blockHash: request.block } : /^[0-9]+$/.test(request.block) ? `0x${BigInt(request.block).toString(16)}` : request.block;
  const params: unknown[] = [request.call, block];
  if (request.overrides && Object.keys(request.overrides).length > 0) params.push(request.overrides);
  return params;
}

/** The JSON-RPC request body, pretty-printed. */
export function callRequestJson(request: CallRequest): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: callParams(request) }, null, 2);
}

/** A curl line posting the request to `rpcUrlTemplate`. */
export function callCurl(request: CallRequest, rpcUrlTemplate: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: callParams(request) });
  return `curl -X POST -H 'Content-Type: application/json' --data ${shellQuote(body)} ${shellQuote(rpcUrlTemplate)}`;
}

/** The same call as Foundry's `cast call` (raw calldata, every field of the call object and the overrides as flags). */
export function castCallLine(request: CallRequest, rpcUrlTemplate: string): string {
  const { call } = request;
  const parts = ['cast call', call.to ?? '--create', call.data && call.data !== '0x' ? call.data : ''].filter(Boolean);
  parts.push('--from', call.from);
  if (call.value !== undefined) parts.push('--value', BigInt(call.value).toString(10));
  if (call.gas !== undefined) parts.push('--gas-limit', BigInt(call.gas).toString(10));
  if (call.gasPrice !== undefined) parts.push('--gas-price', BigInt(call.gasPrice).toString(10));
  if (call.maxFeePerGas !== undefined) parts.push('--gas-price', BigInt(call.maxFeePerGas).toString(10));
  if (call.maxPriorityFeePerGas !== undefined) parts.push('--priority-gas-price', BigInt(call.maxPriorityFeePerGas).toString(10));
  parts.push('--block', request.block);
  for (const [address, override] of Object.entries(request.overrides ?? {})) {
    if (override.balance !== undefined) parts.push('--override-balance', `${address}:${BigInt(override.balance).toString(10)}`);
    if (override.nonce !== undefined) parts.push('--override-nonce', `${address}:${BigInt(override.nonce).toString(10)}`);
    if (override.code !== undefined) parts.push('--override-code', `${address}:${override.code}`);
    for (const [slot, value] of Object.entries(override.state ?? {})) parts.push('--override-state', `${address}:${slot}:${value}`);
    for (const [slot, value] of Object.entries(override.stateDiff ?? {})) parts.push('--override-state-diff', `${address}:${slot}:${value}`);
  }
  parts.push('--rpc-url', shellQuote(rpcUrlTemplate));
  return parts.join(' ');
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** What a playground link carries: `/call?to=…&data=…&from=…&block=…` (and `value`, `gas`). */
export interface CallLink {
  to?: string;
  data?: string;
  from?: string;
  block?: string;
  value?: string;
  gas?: string;
}

const LINK_KEYS = ['to', 'data', 'from', 'block', 'value', 'gas'] as const;

/** Reads a link's query string; unknown keys are ignored, the values are checked by the form as if typed. */
export function callLinkFromSearch(search: string): CallLink {
  const link: CallLink = {};
  for (const part of search.replace(/^\?/, '').split('&')) {
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    const value = decode(at < 0 ? '' : part.slice(at + 1));
    const known = LINK_KEYS.find((name) => name === key);
    // The first of a repeated key wins; a broken percent-encoding is skipped.
    if (known && value !== undefined && value !== '' && link[known] === undefined && value.length <= 2_000_000) link[known] = value;
  }
  return link;
}

/** A link's query string (`to=…&data=…`), empty fields left out. */
export function callLinkToSearch(link: CallLink): string {
  return LINK_KEYS.filter((key) => link[key])
    .map((key) => `${key}=${encode(link[key]!)}`)
    .join('&');
}
