import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019.js';

import { readSpecFile } from './specs/specFiles';

// The Starknet node API's OpenRPC document (vendored in test-support/specs/starknet-specs) as validators: a
// request's params (by name or by position) and a method's result, checked with the spec's own JSON Schemas.

interface SpecParam {
  name: string;
  required?: boolean;
  schema: unknown;
}
interface SpecMethod {
  name: string;
  params: SpecParam[];
  result: { schema: unknown };
  errors?: { $ref: string }[];
}
interface SpecError {
  code: number;
  message: string;
  data?: unknown;
}

/** The spec's methods, their params and results, and its errors, as validators. */
export interface StarknetSpec {
  /** The spec's version (`info.version`), what a node speaking it answers to starknet_specVersion. */
  version: string;
  methods: string[];
  /** What is wrong with a JSON-RPC request to the spec (empty when it is valid). */
  requestProblems(body: unknown): string[];
  /** What is wrong with a method's result (empty when it is valid). */
  resultProblems(method: string, result: unknown): string[];
  /** The spec's error object by name (`CONTRACT_NOT_FOUND`), and whether `method` may answer it. */
  error(name: string, method?: string): SpecError;
  /** What is wrong with a spec schema's value (`#/components/schemas/<name>`). */
  schemaProblems(name: string, value: unknown): string[];
}

const describe = (validate: ValidateFunction, where: string): string[] =>
  (validate.errors ?? []).slice(0, 5).map((error) => `${where}${error.instancePath} ${error.message ?? 'is invalid'}`);

export function loadStarknetSpec(): StarknetSpec {
  const spec = JSON.parse(readSpecFile('starknet')) as { info: { version: string }; methods: SpecMethod[]; components: { schemas: unknown; errors: Record<string, SpecError> } };
  const id = 'https://blockglass.local/starknet-api.json';
  // Only `schemas` go to Ajv: the `errors` block is not JSON Schema (its CONTRACT_ERROR says `"required": "revert_error"`).
  const definitions: Record<string, unknown> = {};
  for (const method of spec.methods) {
    for (const param of method.params) definitions[`${method.name}.${param.name}`] = param.schema;
    definitions[`${method.name}.result`] = method.result.schema;
  }
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addSchema({ $id: id, components: { schemas: spec.components.schemas }, definitions });
  const cache = new Map<string, ValidateFunction>();
  const validator = (pointer: string): ValidateFunction => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${id}#${pointer}`);
      if (!validate) throw new Error(`The Starknet spec has no schema at ${pointer}`);
      cache.set(pointer, validate);
    }
    return validate;
  };
  const byName = new Map(spec.methods.map((method) => [method.name, method]));
  const check = (pointer: string, value: unknown, where: string) => {
    const validate = validator(pointer);
    return validate(value) ? [] : describe(validate, where);
  };

  return {
    version: spec.info.version,
    methods: [...byName.keys()],
    requestProblems(body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['A JSON-RPC request is an object.'];
      const { jsonrpc, method, params, id: requestId } = body as Record<string, unknown>;
      const problems: string[] = [];
      if (jsonrpc !== '2.0') problems.push('jsonrpc is not "2.0"');
      if (!(typeof requestId === 'number' || typeof requestId === 'string' || requestId === null || requestId === undefined)) problems.push('id is not a number, a string or null');
      const known = typeof method === 'string' ? byName.get(method) : undefined;
      if (!known) return [...problems, `method ${String(method)} is not in the Starknet spec`];
      const given = params ?? [];
      if (Array.isArray(given)) {
        if (given.length > known.params.length) problems.push(`${known.name} takes ${known.params.length} params, got ${given.length}`);
        known.params.forEach((param, index) => {
          if (index >= given.length) {
            if (param.required) problems.push(`${known.name}: param ${param.name} is missing`);
          } else problems.push(...check(`/definitions/${known.name}.${param.name}`, given[index], `${param.name}`));
        });
      } else if (typeof given === 'object' && given !== null) {
        const named = given as Record<string, unknown>;
        for (const key of Object.keys(named)) if (!known.params.some((param) => param.name === key)) problems.push(`${known.name} has no param named ${key}`);
        for (const param of known.params) {
          if (!(param.name in named)) {
            if (param.required) problems.push(`${known.name}: param ${param.name} is missing`);
          } else problems.push(...check(`/definitions/${known.name}.${param.name}`, named[param.name], `${param.name}`));
        }
      } else problems.push('params is neither an array nor an object');
      return problems;
    },
    resultProblems(method, result) {
      if (!byName.has(method)) return [`method ${method} is not in the Starknet spec`];
      return check(`/definitions/${method}.result`, result, 'result');
    },
    error(name, method) {
      const error = spec.components.errors[name];
      if (!error) throw new Error(`The Starknet spec has no error ${name}`);
      if (method && !byName.get(method)?.errors?.some((ref) => ref.$ref === `#/components/errors/${name}`)) throw new Error(`${method} does not answer ${name} in the spec`);
      return error;
    },
    schemaProblems(name, value) {
      return check(`/components/schemas/${name}`, value, name);
    },
  };
}
