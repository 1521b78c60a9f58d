import { decodeFunctionData, encodeFunctionData, parseAbiItem, type AbiFunction, type AbiParameter, type Hex } from 'viem';
import { argsToForm, arrayOf, formToArgs, type FormValue } from '../../../../src-shared/call/abiForm';

/** Call data with one argument replaced, or why it cannot be. */
export type ChangedArgument = { ok: true; data: Hex; before: FormValue; after: FormValue } | { ok: false; message: string };

/**
 * The call data `data` of the function `signature` (`redeem(address,address,uint256)`, as the decoding service
 * names it) with argument `index` replaced by `text`, read against that argument's type as the call playground's
 * form reads it (`123` or `0x7b` for a uint, `true`, an address); an array or a tuple as JSON of such texts
 * (`["1","2"]`). `names` are the arguments' names, for the messages. Pure: every problem is a sentence a person can act on, never a throw.
 */
export function changedArgument(signature: string, data: Hex, index: number, text: string, names: readonly string[] = []): ChangedArgument {
  let item: AbiFunction;
  try {
    const parsed = parseAbiItem(`function ${signature}`) as AbiFunction;
    // The decoder's names (from the contract's ABI) where it has them: `uint256 amount` says more than `uint256`.
    item = { ...parsed, inputs: parsed.inputs.map((input, i) => (names[i] && !/^arg\d+$/.test(names[i]) ? { ...input, name: names[i] } : input)) };
  } catch {
    return { ok: false, message: `The function ${signature} cannot be read as an ABI signature.` };
  }
  const parameter = item.inputs[index];
  if (!parameter) {
    return { ok: false, message: `${item.name} takes ${item.inputs.length} argument${item.inputs.length === 1 ? '' : 's'}: there is no argument ${index + 1}.` };
  }
  let args: readonly unknown[];
  try {
    args = decodeFunctionData({ abi: [item], data }).args ?? [];
  } catch {
    return { ok: false, message: `The transaction's input does not decode as ${signature}, so its arguments cannot be changed one by one.` };
  }
  const composite = arrayOf(parameter.type) !== undefined || parameter.type === 'tuple';
  let value: FormValue = text;
  if (composite) {
    const parsed = formValueOf(text);
    if (parsed === undefined) {
      return { ok: false, message: `Argument ${index + 1} (${describe(parameter)}) is ${parameter.type === 'tuple' ? 'a tuple' : 'an array'}: give it as JSON of texts, e.g. ["1","2"].` };
    }
    value = parsed;
  }
  const read = formToArgs([parameter], [value]);
  if (!read.ok) {
    const problem = read.problems[0]!;
    // An item of an array or a part of a tuple, counted from 1 as the argument is.
    const parts = problem.path.split('.').slice(1);
    const where = parts.length === 0 ? '' : `, part ${parts.map((part) => Number(part) + 1).join('.')}`;
    return { ok: false, message: `Argument ${index + 1} (${describe(parameter)})${where}: ${problem.message}` };
  }
  const next = [...args];
  next[index] = read.args[0];
  let encoded: Hex;
  try {
    encoded = encodeFunctionData({ abi: [item], functionName: item.name, args: next });
  } catch (error) {
    return { ok: false, message: `Argument ${index + 1} (${describe(parameter)}) cannot be encoded: ${(error as { shortMessage?: string }).shortMessage ?? (error as Error).message}` };
  }
  return { ok: true, data: encoded, before: argsToForm([parameter], [args[index]])[0]!, after: argsToForm([parameter], [read.args[0]])[0]! };
}

/** `uint256 amount`, or the bare type for an unnamed argument. */
function describe(parameter: AbiParameter): string {
  return parameter.name ? `${parameter.type} ${parameter.name}` : parameter.type;
}

/** JSON text of nested arrays of strings (a form's value), or undefined when it is not that. */
function formValueOf(text: string): FormValue | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const check = (value: unknown, depth: number): value is FormValue =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || (depth < 32 && Array.isArray(value) && value.every((part) => check(part, depth + 1)));
  if (!Array.isArray(json) || !check(json, 0)) return undefined;
  const toText = (value: unknown): FormValue => (Array.isArray(value) ? value.map(toText) : String(value));
  return toText(json);
}
