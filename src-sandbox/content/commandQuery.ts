import { ArgumentError } from './errors';

/** Go's `strconv.ParseBool` spellings, which go-ipfs-cmds uses for boolean options. */
const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/**
 * A command's query string read the way go-ipfs-cmds reads it: `arg` repeated for arguments, every other
 * key an option (first value wins, unknown ones ignored), short names as aliases. Bad values throw
 * `ArgumentError`, which the store answers with 400 and plain text, as Kubo's request parser does.
 */
export class CommandQuery {
  constructor(private readonly params: URLSearchParams) {}

  /** All `arg` values, in order. */
  args(): string[] {
    return this.params.getAll('arg');
  }

  /** The arguments of a command taking one or more; throws when none is given. */
  requiredArgs(name: string): string[] {
    const args = this.args();
    if (args.length === 0) throw new ArgumentError(`argument "${name}" is required`);
    return args;
  }

  /** The argument of a command taking exactly one. */
  singleArg(name: string): string {
    const args = this.requiredArgs(name);
    if (args.length > 1) throw new ArgumentError(`expected 1 argument(s), got ${args.length}`);
    return args[0]!;
  }

  /** The raw value of an option under any of its names, or undefined. */
  raw(names: readonly string[]): string | undefined {
    for (const name of names) {
      const value = this.params.get(name);
      if (value !== null) return value;
    }
    return undefined;
  }

  /** A boolean option; an empty value means true (a bare flag). */
  bool(names: readonly string[], fallback: boolean): boolean {
    const value = this.raw(names);
    if (value === undefined) return fallback;
    if (value === '' || TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    throw conversionError(value, 'bool', names[0]!);
  }

  /** Whether the option was given at all (Kubo distinguishes "unset" from "set to the default"). */
  has(names: readonly string[]): boolean {
    return this.raw(names) !== undefined;
  }

  /** An integer option (Go `strconv.ParseInt`, base 10), bounded to safe JavaScript integers. */
  int(names: readonly string[], fallback: number): number {
    const value = this.raw(names);
    if (value === undefined) return fallback;
    if (!/^[+-]?\d{1,16}$/.test(value)) throw conversionError(value, 'int', names[0]!);
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed)) throw conversionError(value, 'int', names[0]!);
    return parsed;
  }

  /**
   * Checks the global `encoding` option of a command answering JSON: this store speaks only `json` (Kubo's
   * default); other encodings are refused like an unknown one.
   */
  requireJsonEncoding(): void {
    const encoding = this.raw(['encoding', 'enc']);
    if (encoding !== undefined && encoding !== 'json') throw new ArgumentError(`invalid encoding: ${encoding}`);
  }

  /** A string option. */
  string(names: readonly string[], fallback: string): string {
    return this.raw(names) ?? fallback;
  }
}

function conversionError(value: string, type: string, name: string): ArgumentError {
  return new ArgumentError(`could not convert value "${value}" to type "${type}" (for option "-${name}")`);
}
