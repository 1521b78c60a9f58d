/*
 * SECURITY: this allowlist is what keeps Anvil's dev controls (anvil_*, evm_*, hardhat_*, debug_*,
 * eth_sendTransaction with unlocked dev keys…) away from clients. Only ever narrow it; every
 * widening must be a method the hosted service itself serves.
 */

/** How the gateway treats a method. */
export type MethodRoute =
  /** forwarded to the node as is */
  | 'forward'
  /** eth_getLogs: filter limits, range, result count and timeout apply */
  | 'logs'
  /** eth_call / eth_estimateGas: gas cap and revert normalization apply */
  | 'call'
  /** eth_accounts / eth_requestAccounts: answered `[]` here (the node's dev accounts are not the client's) */
  | 'noAccounts'
  /** eth_subscribe / eth_unsubscribe: only over WebSocket */
  | 'subscription'
  /** refused with -32601 */
  | 'refused';

const PUBLIC_NAMESPACES = ['eth_', 'net_', 'web3_'];

// Methods inside the public namespaces that sign with, or send from, keys held by the node, or
// steer a dev node (Anvil serves all of these under eth_). The hosted service holds no keys.
const REFUSED = new Set([
  'eth_sendTransaction',
  'eth_sendTransactionSync',
  'eth_sendUnsignedTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_fillTransaction',
  'eth_submitWork',
  'eth_submitHashrate',
]);

/** Decides how a method is handled; anything outside eth_/net_/web3_ is refused. */
export function routeMethod(method: string): MethodRoute {
  switch (method) {
    case 'eth_getLogs':
      return 'logs';
    case 'eth_call':
    case 'eth_estimateGas':
      return 'call';
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return 'noAccounts';
    case 'eth_subscribe':
    case 'eth_unsubscribe':
      return 'subscription';
  }
  if (!PUBLIC_NAMESPACES.some((prefix) => method.startsWith(prefix))) return 'refused';
  if (REFUSED.has(method) || method.startsWith('eth_signTypedData')) return 'refused';
  return 'forward';
}
