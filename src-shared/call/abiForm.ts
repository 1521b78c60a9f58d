import type { AbiParameter } from 'viem';
import { addressTextProblem, BAD_CHECKSUM } from '../chain/addressTextProblem';

// The call form's values: what people type, per ABI parameter, as a tree of strings (a tuple or an array is a
// list of its parts). Pure: the form validates with these as it is typed, and encodes with them.

/** A field's text, or the parts of a tuple or an array. */
export type FormValue = string | FormValue[];

/** One problem, at the path of the field it concerns (`0`, `1.2`, `0.amount`). */
export interface FormProblem {
  path: string;
  message: string;
}

const ARRAY = /^(.*)\[(\d*)\]$/;
/** `a uint256`, `an address`, `an int8`. */
const aType = (type: string) => `${/^[aeio]/.test(type) ? 'an' : 'a'} ${type}`;
const INT = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The inner type and length of an array type (`uint256[3]` → `uint256`, 3; `bytes[]` → `bytes`, undefined). */
export function arrayOf(type: string): { inner: string; length: number | undefined } | undefined {
  const match = ARRAY.exec(type);
  if (!match) return undefined;
  return { inner: match[1]!, length: match[2] === '' ? undefined : Number(match[2]) };
}

/** The parameter an array holds (its components kept for a tuple array). */
export function elementOf(parameter: AbiParameter): AbiParameter {
  const array = arrayOf(parameter.type);
  if (!array) return parameter;
  return { ...parameter, type: array.inner, name: '' } as AbiParameter;
}

/** An empty form for a parameter: blank fields, a fixed array's slots, a dynamic array empty. */
export function emptyFormValue(parameter: AbiParameter): FormValue {
  const array = arrayOf(parameter.type);
  if (array) return array.length === undefined ? [] : Array.from({ length: array.length }, () => emptyFormValue(elementOf(parameter)));
  if (parameter.type === 'tuple') return componentsOf(parameter).map(emptyFormValue);
  return '';
}

export function componentsOf(parameter: AbiParameter): readonly AbiParameter[] {
  return 'components' in parameter && parameter.components ? parameter.components : [];
}

/** A leaf's text checked against its type: the value viem encodes, or the problem in words. */
export function parseLeaf(type: string, text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (type === 'address') {
    const problem = addressTextProblem(trimmed);
    if (problem === 'shape') return { ok: false, message: 'An address is 0x followed by 40 hex digits.' };
    // Not "did you mean" the checksummed form: that is the checksum of the typo too, and would wave it through.
    if (problem === 'checksum') return { ok: false, message: BAD_CHECKSUM };
    // All capitals is an unchecked form, as all lowercase is; viem's encoder would check it as a checksum.
    const body = trimmed.slice(2);
    return { ok: true, value: body === body.toUpperCase() ? trimmed.toLowerCase() : trimmed };
  }
  if (type === 'bool') {
    if (trimmed === 'true' || trimmed === 'false') return { ok: true, value: trimmed === 'true' };
    return { ok: false, message: 'A bool is true or false.' };
  }
  if (type === 'string') return { ok: true, value: text };
  if (type === 'bytes') {
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(trimmed)) return { ok: false, message: 'Bytes are 0x followed by whole bytes of hex (an even number of digits).' };
    return { ok: true, value: trimmed.toLowerCase() };
  }
  const fixed = FIXED_BYTES.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    if (!new RegExp(`^0x[0-9a-fA-F]{${size * 2}}$`).test(trimmed)) return { ok: false, message: `${capital(aType(type))} is 0x followed by exactly ${size * 2} hex digits.` };
    return { ok: true, value: trimmed.toLowerCase() };
  }
  const int = INT.exec(type);
  if (int) {
    const signed = int[1] === '';
    const bits = int[2] === '' ? 256 : Number(int[2]);
    let value: bigint;
    if (/^-?[0-9]+$/.test(trimmed)) value = BigInt(trimmed);
    else if (/^-?0x[0-9a-fA-F]+$/.test(trimmed)) value = trimmed.startsWith('-') ? -BigInt(trimmed.slice(1)) : BigInt(trimmed);
    else return { ok: false, message: `${capital(aType(type))} is a whole number, in decimal or 0x hex.` };
    const min = signed ? -(2n ** BigInt(bits - 1)) : 0n;
    const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
    if (value < min || value > max) return { ok: false, message: `${capital(aType(type))} is from ${min.toString(10)} to ${max.toString(10)}.` };
    return { ok: true, value };
  }
  return { ok: false, message: `The type ${type} cannot be entered here.` };
}

/** The form's values as viem's arguments, or every problem with its field's path. */
export function formToArgs(parameters: readonly AbiParameter[], values: readonly FormValue[]): { ok: true; args: unknown[] } | { ok: false; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  const read = (parameter: AbiParameter, value: FormValue | undefined, path: string): unknown => {
    const array = arrayOf(parameter.type);
    if (array) {
      const parts = Array.isArray(value) ? value : [];
      if (array.length !== undefined && parts.length !== array.length) problems.push({ path, message: `${capital(aType(parameter.type))} holds exactly ${array.length} items.` });
      return parts.map((part, index) => read(elementOf(parameter), part, `${path}.${index}`));
    }
    if (parameter.type === 'tuple') {
      const parts = Array.isArray(value) ? value : [];
      return componentsOf(parameter).map((component, index) => read(component, parts[index], `${path}.${index}`));
    }
    if (typeof value !== 'string') {
      problems.push({ path, message: 'This field is missing.' });
      return undefined;
    }
    const leaf = parseLeaf(parameter.type, value);
    if (!leaf.ok) problems.push({ path, message: value.trim() === '' ? `Enter ${aType(parameter.type)}.` : leaf.message });
    return leaf.ok ? leaf.value : undefined;
  };
  const args = parameters.map((parameter, index) => read(parameter, values[index], String(index)));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, args };
}

/** Decoded arguments (as viem returns them) back into the form's text. */
export function argsToForm(parameters: readonly AbiParameter[], args: readonly unknown[]): FormValue[] {
  const write = (parameter: AbiParameter, value: unknown): FormValue => {
    if (arrayOf(parameter.type)) return (Array.isArray(value) ? value : []).map((part) => write(elementOf(parameter), part));
    if (parameter.type === 'tuple') {
      const components = componentsOf(parameter);
      // viem gives a tuple with named components as an object, otherwise as an array.
      const parts = Array.isArray(value) ? value : components.map((component, index) => (value as Record<string, unknown>)[component.name ?? String(index)]);
      return components.map((component, index) => write(component, parts[index]));
    }
    if (typeof value === 'bigint') return value.toString(10);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return String(value);
  };
  return parameters.map((parameter, index) => write(parameter, args[index]));
}
