import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';
import { expect } from 'vitest';
import { readSpecFile } from '../../test-support/specs/specFiles';

/** Names of the result schemas the tests validate against. */
export type ResultSchemaName = 'Block' | 'TransactionInfo' | 'ReceiptInfo' | 'Log' | 'bytes' | 'bytes32' | 'uint';

/**
 * Validators for execution-apis result schemas (Ajv 8, draft 2019-09, strict off, as the spec's
 * schemas need), from the copy vendored in test-support/specs (a missing copy throws, naming the file).
 */
export function loadResultValidators(): (name: ResultSchemaName) => ValidateFunction {
  const spec = JSON.parse(readSpecFile('executionApis')) as { components: unknown };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  const id = 'https://blockglass.local/execution-apis.json';
  ajv.addSchema({ $id: id, components: spec.components });
  const cache = new Map<string, ValidateFunction>();
  return (name) => {
    let validate = cache.get(name);
    if (!validate) {
      validate = ajv.getSchema(`${id}#/components/schemas/${name}`);
      if (!validate) throw new Error(`execution-apis has no schema ${name}`);
      cache.set(name, validate);
    }
    return validate;
  };
}

let validators: ((name: ResultSchemaName) => ValidateFunction) | undefined;

/** Asserts `value` matches the named execution-apis result schema (the spec is loaded once per file). */
export function expectSchema(name: ResultSchemaName, value: unknown): void {
  validators ??= loadResultValidators();
  const validate = validators(name);
  expect(validate(value), `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}
