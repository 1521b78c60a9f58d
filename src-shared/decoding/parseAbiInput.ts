import { parseAbi, type Abi } from 'viem';
import { showInput } from '../text/quoteInput';

/** An ABI a person pasted or loaded, read; or why it could not be. */
export type AbiInputResult = { ok: true; abi: Abi; format: 'json' | 'human-readable' | 'foundry' | 'hardhat'; contractName?: string } | { ok: false; message: string };

const ITEM_TYPES = new Set(['function', 'event', 'error', 'constructor', 'fallback', 'receive']);
/** 2 MiB: far above any real ABI, below what would hurt the app. */
export const MAX_ABI_INPUT_CHARS = 2 * 1024 * 1024;

function checkItems(items: unknown[]): string | undefined {
  for (const [index, item] of items.entries()) {
    if (typeof item !== 'object' || item === null) return `Item ${index + 1} of the ABI is not an object.`;
    const type = (item as { type?: unknown }).type ?? 'function';
    if (typeof type !== 'string' || !ITEM_TYPES.has(type)) return `Item ${index + 1} of the ABI has type “${showInput(String(type), 20)}”, not function, event, error, constructor, fallback or receive.`;
    const { name, inputs } = item as { name?: unknown; inputs?: unknown };
    if ((type === 'function' || type === 'event' || type === 'error') && typeof name !== 'string') return `Item ${index + 1} of the ABI (${type}) has no name.`;
    if (inputs !== undefined && !Array.isArray(inputs)) return `Item ${index + 1} of the ABI has inputs that are not a list.`;
  }
  return undefined;
}

/**
 * Reads an ABI in the forms people have one in: a JSON ABI (an array of items), a Foundry artifact
 * (`{ abi, bytecode: { object } }`), a Hardhat artifact (`{ contractName, abi, bytecode }`), or human-readable
 * signatures one per line (`function transfer(address to, uint256 amount) returns (bool)`, the `function`
 * keyword optional). Pure; never throws: bad input comes back with a specific sentence.
 */
export function parseAbiInput(text: string): AbiInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Paste an ABI: a JSON ABI, a Foundry or Hardhat artifact, or signatures one per line.' };
  if (trimmed.length > MAX_ABI_INPUT_CHARS) return { ok: false, message: 'This is larger than 2 MiB: not an ABI.' };
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      // The parser's message quotes the text: shown neutralised, like every echo of input.
      return { ok: false, message: `This looks like JSON but does not parse: ${showInput((error as Error).message, 200)}.` };
    }
    let items: unknown;
    let format: 'json' | 'foundry' | 'hardhat' = 'json';
    let contractName: string | undefined;
    if (Array.isArray(json)) items = json;
    else {
      const artifact = json as { abi?: unknown; bytecode?: unknown; contractName?: unknown };
      if (!Array.isArray(artifact.abi)) return { ok: false, message: 'This JSON object has no “abi” list: not a Foundry or Hardhat artifact.' };
      items = artifact.abi;
      format = typeof artifact.bytecode === 'object' && artifact.bytecode !== null ? 'foundry' : 'hardhat';
      if (typeof artifact.contractName === 'string') contractName = artifact.contractName.slice(0, 100);
    }
    const list = items as unknown[];
    if (list.length === 0) return { ok: false, message: 'The ABI is empty.' };
    const problem = checkItems(list);
    if (problem) return { ok: false, message: problem };
    const abi = list.map((item) => ({ type: 'function', inputs: [], ...(item as object) })) as unknown as Abi;
    return { ok: true, abi, format, ...(contractName ? { contractName } : {}) };
  }
  const lines = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/;$/, ''))
    .filter((line) => line !== '' && !line.startsWith('//'));
  const withKeyword = lines.map((line) => (/^(function|event|error|constructor|fallback|receive|struct)\b/.test(line) ? line : `function ${line}`));
  for (const [index, line] of withKeyword.entries()) {
    try {
      parseAbi([line] as readonly string[]);
    } catch (error) {
      if (line.startsWith('struct')) continue;
      const reason = ((error as { shortMessage?: string }).shortMessage ?? (error as Error).message).split('\n')[0];
      return { ok: false, message: `Line ${index + 1} is not a signature (${showInput(reason ?? '', 200)}): “${showInput(lines[index]!, 60)}”.` };
    }
  }
  try {
    return { ok: true, abi: parseAbi(withKeyword as readonly string[]) as Abi, format: 'human-readable' };
  } catch (error) {
    return { ok: false, message: `The signatures do not read together: ${showInput(((error as { shortMessage?: string }).shortMessage ?? (error as Error).message).split('\n')[0]!, 200)}.` };
  }
}
