import type { ApiError } from '../../../../src-shared/api/apiError';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { customNetworkInputSchema, type CustomNetworkInput } from '../../../../src-shared/networks/customNetworkInput';
import { HOSTED_CREDENTIAL_ID, NO_KEY_CREDENTIAL_ID } from '../../../../src-shared/networks/presets';
import { formatChainId } from '../../../lib/formatChainId';

/** The network form's fields, as text. */
export interface NetworkFormValues {
  name: string;
  family: 'evm' | 'starknet';
  chainId: string;
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  /** How the gas API takes the key. */
  gasAuth: 'basic' | 'path';
  storageUrl: string;
  /** `own`: the network gets its own key; `hosted`: it shares the hosted service's key; `none`: it takes no key. */
  credential: 'own' | 'hosted' | 'none';
}

/** A field of the form, or `form` for problems that belong to none. */
export type NetworkFormField = keyof NetworkFormValues | 'form';

/** One message per field. */
export type FieldErrors = Partial<Record<NetworkFormField, string>>;

const FIELDS: readonly (keyof NetworkFormValues)[] = ['name', 'family', 'chainId', 'rpcUrl', 'wsUrl', 'gasUrl', 'gasAuth', 'storageUrl', 'credential'];

/** An empty form for a new network. */
export const EMPTY_NETWORK_FORM: NetworkFormValues = {
  name: '',
  family: 'evm',
  chainId: '',
  rpcUrl: '',
  wsUrl: '',
  gasUrl: '',
  gasAuth: 'basic',
  storageUrl: '',
  credential: 'own',
};

/** The form filled in from an existing custom network. */
export function valuesFromNetwork(network: NetworkView): NetworkFormValues {
  return {
    name: network.name,
    family: network.family,
    chainId: formatChainId(network.chainId),
    rpcUrl: network.rpcUrl,
    wsUrl: network.wsUrl ?? '',
    gasUrl: network.gasUrl ?? '',
    gasAuth: network.gasAuth ?? 'basic',
    storageUrl: network.storageUrl ?? '',
    credential: network.credentialId === HOSTED_CREDENTIAL_ID ? 'hosted' : network.credentialId === NO_KEY_CREDENTIAL_ID ? 'none' : 'own',
  };
}

/** What the form sends as `networks.add` / `networks.update` input; empty optional addresses mean none. */
export function inputFromValues(values: NetworkFormValues): CustomNetworkInput {
  return {
    name: values.name,
    family: values.family,
    chainId: values.chainId,
    rpcUrl: values.rpcUrl,
    wsUrl: values.wsUrl.trim() === '' ? null : values.wsUrl,
    gasUrl: values.gasUrl.trim() === '' ? null : values.gasUrl,
    ...(values.gasUrl.trim() !== '' && values.gasAuth === 'path' ? { gasAuth: 'path' as const } : {}),
    storageUrl: values.storageUrl.trim() === '' ? null : values.storageUrl,
    ...(values.credential === 'hosted' ? { credentialId: HOSTED_CREDENTIAL_ID } : values.credential === 'none' ? { credentialId: NO_KEY_CREDENTIAL_ID } : {}),
  };
}

/** The field a schema issue path points at (`['network', 'rpcUrl']` from an update's input is `rpcUrl`). */
function fieldOf(path: readonly PropertyKey[]): NetworkFormField {
  const named = [...path].reverse().find((part): part is keyof NetworkFormValues => typeof part === 'string' && (FIELDS as readonly string[]).includes(part));
  if (named) return named;
  return path.includes('credentialId') ? 'credential' : 'form';
}

/** Checks the form with the same schema main uses (`customNetworkInputSchema`); one message per field. */
export function validateNetworkForm(values: NetworkFormValues): FieldErrors {
  const result = customNetworkInputSchema.safeParse(inputFromValues(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Field messages from main's refusal: `NetworkInputError` carries `data.fields` (field → message), the
 * transport's `InvalidInputError` carries `data.issues` (path + message).
 */
export function fieldErrorsFromApiError(error: ApiError): FieldErrors {
  const data = error.data as { fields?: unknown; issues?: unknown } | undefined;
  const errors: FieldErrors = {};
  if (data && typeof data.fields === 'object' && data.fields !== null) {
    for (const [name, message] of Object.entries(data.fields as Record<string, unknown>)) {
      if (typeof message === 'string') errors[fieldOf(name.split('.'))] ??= message;
    }
  }
  if (data && Array.isArray(data.issues)) {
    for (const issue of data.issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.message === 'string' && Array.isArray(issue.path)) errors[fieldOf(issue.path as PropertyKey[])] ??= issue.message;
    }
  }
  return errors;
}
