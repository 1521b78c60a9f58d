import fc from 'fast-check';
import type { z } from 'zod';
import { hostileValue } from '../../../../test-support/hostileInput';

// Inputs shaped like a contract schema, for fuzzing: the schema is walked (zod 4's definitions), every field it
// names is filled with a plausible value from `pools` (by field name) or a value of its type, and any field may
// be a hostile value instead. So a method added to the contract gets shaped inputs without any table here.

/** Plausible values by field name (`networkId`, `address`, `block`, …); fields not named get values of their type. */
export type FieldPools = Record<string, readonly unknown[]>;

/** How shaped inputs are made. */
export interface ShapeOptions {
  pools: FieldPools;
  /** Chance (0–1) that a field holds a hostile value instead of a plausible one. */
  hostileRate: number;
  /** Whether hostile values include megabyte strings. */
  megabytes: boolean;
}

interface Definition {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
}

const definitionOf = (schema: z.ZodType): Definition => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Whether an object field may be left out (optional, or with a default). */
function isOptional(schema: z.ZodType): boolean {
  const definition = definitionOf(schema);
  if (definition.type === 'optional' || definition.type === 'default' || definition.type === 'prefault') return true;
  if (definition.type === 'pipe' && definition.in) return isOptional(definition.in);
  return false;
}

/** Values of `schema` shaped like it, with hostile values mixed in at any field (see {@link ShapeOptions}). */
export function shapedArbitrary(schema: z.ZodType, options: ShapeOptions): fc.Arbitrary<unknown> {
  const hostile = hostileValue({ megabytes: options.megabytes });
  const hostileWeight = Math.max(1, Math.round(options.hostileRate * 100));
  const plausibleWeight = Math.max(1, 100 - hostileWeight);

  const field = (fieldSchema: z.ZodType, key: string, depth: number): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: plausibleWeight, arbitrary: plausible(fieldSchema, key, depth) }, { weight: hostileWeight, arbitrary: hostile });

  const plausible = (node: z.ZodType, key: string, depth: number): fc.Arbitrary<unknown> => {
    const definition = definitionOf(node);
    const pool = options.pools[key];
    const fromPool = pool && pool.length > 0 ? fc.constantFrom(...pool) : undefined;
    switch (definition.type) {
      case 'object': {
        const shape = definition.shape ?? {};
        const model = Object.fromEntries(Object.entries(shape).map(([name, child]) => [name, field(child, name, depth + 1)]));
        const requiredKeys = Object.entries(shape).filter(([, child]) => !isOptional(child)).map(([name]) => name);
        const record = fc.record(model, { requiredKeys });
        // Now and then a key the schema does not know (strict objects refuse it).
        return fc.oneof({ weight: 9, arbitrary: record }, { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom('extra', '__proto__', 'constructor', 'a\u202Eb'), hostile).map(([value, name, extra]) => ({ ...(value as object), [name]: extra })) });
      }
      case 'optional':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return plausible(definition.innerType!, key, depth);
      case 'nullable':
        return fc.oneof({ weight: 4, arbitrary: plausible(definition.innerType!, key, depth) }, { weight: 1, arbitrary: fc.constant(null) });
      case 'pipe':
        return plausible(definition.in!, key, depth);
      case 'union':
        return fc.oneof(...definition.options!.map((option) => plausible(option, key, depth)));
      case 'lazy': {
        // A recursive schema (ABI parameters' components) nests a few levels, or now and then thousands.
        const inner = definition.getter!();
        if (depth > 6) return fc.constant([]);
        const nested = plausible(inner, key, depth + 1);
        const through = recursiveKeyOf(inner);
        if (!through) return nested;
        return fc.oneof({ weight: 9, arbitrary: nested }, { weight: 1, arbitrary: fc.tuple(plausible(inner, key, 7), fc.constantFrom(100, 5000)).map(([value, levels]) => nestThrough(value, through, levels)) });
      }
      case 'array': {
        const items = fc.array(field(definition.element!, key, depth + 1), { maxLength: depth > 4 ? 1 : 3 });
        return fromPool && Array.isArray(pool![0]) ? fc.oneof(fromPool, items) : items;
      }
      case 'record':
        return fc.dictionary(fc.oneof(fc.constantFrom(...((options.pools[`${key}.key`] ?? ['k']) as string[])), fc.string({ maxLength: 8 })), field(definition.valueType!, `${key}[]`, depth + 1), { maxKeys: 2 });
      case 'enum':
        return fc.constantFrom(...Object.values(definition.entries!));
      case 'literal':
        return fc.constantFrom(...definition.values!);
      case 'boolean':
        return fromPool ?? fc.boolean();
      case 'number':
        return fromPool ?? fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: -5, max: 1_000_000 }));
      case 'string':
      case 'transform':
        return fromPool ?? fc.string({ maxLength: 20 });
      default:
        return fromPool ?? fc.jsonValue({ maxDepth: 1 });
    }
  };

  return plausible(schema, '(root)', 0);
}

/** The field through which an object schema holds more of itself (`components: z.array(z.lazy(…))`), if any. */
function recursiveKeyOf(schema: z.ZodType): string | undefined {
  const definition = definitionOf(schema);
  if (definition.type !== 'object') return undefined;
  for (const [name, child] of Object.entries(definition.shape ?? {})) {
    let node = definitionOf(child);
    while ((node.type === 'optional' || node.type === 'nullable' || node.type === 'default') && node.innerType) node = definitionOf(node.innerType);
    if (node.type === 'array' && node.element && definitionOf(node.element).type === 'lazy') return name;
  }
  return undefined;
}

/** `value` nested `levels` deep through field `key`: `{ …value, [key]: [{ …value, [key]: [ … ] }] }`. */
function nestThrough(value: unknown, key: string, levels: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  let nested: unknown = { ...value, [key]: [] };
  for (let level = 1; level < levels; level += 1) nested = { ...value, [key]: [nested] };
  return nested;
}

/** Every path to a value inside a JSON value, eight levels deep at most, the root's included. */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null || at.length > 8) return [at];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  if (entries.length === 0) return [at];
  return [at, ...entries.flatMap(([key, child]) => leafPaths(child, [...at, key]))];
}

/** A copy of `value` with `replacement` at `path` (the root when the path is empty). */
function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

/** Valid inputs with one or two of their values (a leaf, or a whole object or array) replaced by hostile ones. */
export function mutatedArbitrary(examples: readonly unknown[], options: { megabytes: boolean }): fc.Arbitrary<unknown> {
  const hostile = hostileValue(options);
  const once = (example: unknown) => fc.tuple(fc.constantFrom(...leafPaths(example)), hostile).map(([path, value]) => replaceAt(example, path, value));
  return fc.constantFrom(...examples).chain((example) =>
    fc.oneof({ weight: 1, arbitrary: fc.constant(example) }, { weight: 6, arbitrary: once(example) }, { weight: 2, arbitrary: once(example).chain((mutated) => once(mutated)) }),
  );
}
