import { z } from 'zod';
import { nameSchema } from '../text/nameSchema';
import { endpointUrlProblem, type EndpointRules } from './endpointUrlProblem';
import { credentialIdSchema } from './network';
import { KEY_PLACEHOLDER } from './keyPlaceholder';
import { NO_KEY_CREDENTIAL_ID } from './presets';
import { parseStarknetChainId } from './parseStarknetChainId';

const HTTP: EndpointRules = { protocols: ['http', 'https'], keyPlaceholder: false };
const RPC: EndpointRules = { protocols: ['http', 'https', 'ws', 'wss'], keyPlaceholder: true };
const WS: EndpointRules = { protocols: ['ws', 'wss'], keyPlaceholder: true };

/** A trimmed address checked against `rules`; the refusal is a sentence for the person. */
function endpoint(rules: EndpointRules) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = endpointUrlProblem(value, rules);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
    });
}

/** An optional address: absent, null and the empty string all mean "none". */
function optionalEndpoint(rules: EndpointRules) {
  return z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : value),
    endpoint(rules).nullable(),
  );
}

// Form fields arrive as text: accept 1, "1" and "0x1", always store the number.
const evmChainId = z.union([z.number(), z.string().trim()]).transform((value, context) => {
  const number = typeof value === 'number' ? value : /^(0x[0-9a-f]+|[0-9]+)$/i.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number <= 0) {
    context.addIssue({ code: 'custom', message: 'The chain id of an EVM network is a positive whole number, such as 1 or 11155111.' });
    return z.NEVER;
  }
  return number;
});

const starknetChainId = z.string().transform((value, context) => {
  const felt = parseStarknetChainId(value);
  if (felt === undefined) {
    context.addIssue({ code: 'custom', message: 'The chain id of a Starknet network is a short string such as SN_MAIN, or its 0x hex felt.' });
    return z.NEVER;
  }
  return felt;
});

const common = {
  name: nameSchema(),
  rpcUrl: endpoint(RPC),
  wsUrl: optionalEndpoint(WS),
  gasUrl: optionalEndpoint(HTTP),
  /** How the gas API takes the key: basic credentials (the default) or the key in the path. */
  gasAuth: z.enum(['basic', 'path'], { message: 'Choose how the gas API takes the key: basic credentials, or the key in the path.' }).optional(),
  storageUrl: optionalEndpoint(HTTP),
  /**
   * Keychain entry for the key: omit it to give the network its own (the service uses the network id); pass
   * `hosted` to reuse the hosted service's key, for one of its networks that is not a preset; `no-key` for a
   * network that takes none.
   */
  credentialId: credentialIdSchema.optional(),
};

/**
 * What a person enters to add or edit a custom network. Addresses must be http(s) (JSON-RPC may also be
 * ws(s)) and must not carry credentials: no `user:pass@`, nothing that looks like a key; the key goes in the
 * key field and lives in the keychain. Parsing trims text and normalizes the chain id (number for EVM,
 * lowercase hex felt for Starknet).
 */
export const customNetworkInputSchema = z
  .discriminatedUnion('family', [
    z.strictObject({ ...common, family: z.literal('evm'), chainId: evmChainId }),
    z.strictObject({ ...common, family: z.literal('starknet'), chainId: starknetChainId }),
  ], { error: 'Choose the family of the network: evm or starknet.' })
  .superRefine((network, context) => {
    if (network.credentialId !== NO_KEY_CREDENTIAL_ID) return;
    for (const field of ['rpcUrl', 'wsUrl'] as const) {
      if (network[field]?.includes(KEY_PLACEHOLDER)) context.addIssue({ code: 'custom', path: [field], message: `A network with no key has no ${KEY_PLACEHOLDER} in its address: remove it, or choose a key.` });
    }
  });

/** A custom network as entered (before parsing). */
export type CustomNetworkInput = z.input<typeof customNetworkInputSchema>;

/** A custom network after parsing: trimmed, normalized, ready to become a `Network`. */
export type CustomNetworkFields = z.output<typeof customNetworkInputSchema>;
