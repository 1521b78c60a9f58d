import { parseAbiItem, toEventSelector, toFunctionSelector, type Abi, type AbiEvent, type AbiFunction, type AbiParameter } from 'viem';

/** An `error` item of an ABI. */
export type AbiError = Extract<Abi[number], { type: 'error' }>;
import type { DecodeSource } from './types';

/** A signature a decoder may try, with where it came from. */
export interface Candidate<Item extends AbiFunction | AbiEvent | AbiError> {
  item: Item;
  source: DecodeSource;
  /**
   * Events from a signature list carry no `indexed` flags (`Transfer(address,address,uint256)`): the decoder
   * tries the ways the log's topic count allows.
   */
  indexedUnknown?: boolean;
}

/** The canonical type of a parameter: `uint256`, `address[]`, `(uint256,bool)[2]`. */
export function canonicalType(parameter: AbiParameter): string {
  if (parameter.type.startsWith('tuple')) {
    const components = 'components' in parameter ? parameter.components : [];
    return `(${components.map(canonicalType).join(',')})${parameter.type.slice('tuple'.length)}`;
  }
  return parameter.type;
}

/** `name(type,type)`: the text a selector is the hash of. */
export function canonicalSignature(item: AbiFunction | AbiEvent | AbiError): string {
  return `${item.name}(${item.inputs.map(canonicalType).join(',')})`;
}

// A keccak per call was most of a log's decoding time (a log query decodes 100,000 logs against the same
// few items); items are not changed once parsed, so their selectors are kept beside them.
const selectors = new WeakMap<object, string>();

/** The selector of a function or error (4 bytes), or the topic of an event (32 bytes), lowercase hex. */
export function selectorOf(item: AbiFunction | AbiEvent | AbiError): string {
  let selector = selectors.get(item);
  if (selector === undefined) {
    selector = item.type === 'event' ? toEventSelector(item) : toFunctionSelector(item as AbiFunction);
    selectors.set(item, selector);
  }
  return selector;
}

/**
 * Reads a bare signature (`transfer(address,uint256)`, as signature databases list them) as a function,
 * event or error; undefined when it is not one.
 */
export function parseSignature(kind: 'function', text: string): AbiFunction | undefined;
export function parseSignature(kind: 'event', text: string): AbiEvent | undefined;
export function parseSignature(kind: 'error', text: string): AbiError | undefined;
export function parseSignature(kind: 'function' | 'event' | 'error', text: string): AbiFunction | AbiEvent | AbiError | undefined {
  try {
    const item = parseAbiItem(`${kind} ${text}` as string) as AbiFunction | AbiEvent | AbiError;
    return item.type === kind ? item : undefined;
  } catch {
    return undefined;
  }
}
