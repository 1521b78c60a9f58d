import fs from 'node:fs';
import path from 'node:path';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';

/** Where the Ethereum execution-apis OpenRPC document is: EXECUTION_APIS_SCHEMA, else ../shared/reference. */
export function executionApisPath(): string | undefined {
  const candidates = [
    process.env.EXECUTION_APIS_SCHEMA,
    path.resolve(process.cwd(), '../shared/reference/execution-apis/refs-openrpc.json'),
  ].filter((candidate): candidate is string => Boolean(candidate));
  return candidates.find((candidate) => fs.existsSync(candidate));
}

/** Names of the result schemas the tests validate against. */
export type ResultSchemaName = 'Block' | 'TransactionInfo' | 'ReceiptInfo' | 'Log' | 'bytes' | 'bytes32' | 'uint';

/**
 * Validators for execution-apis result schemas (Ajv 8, draft 2019-09, strict off, as the spec's
 * schemas need), or undefined when the spec file is not on this machine.
 */
export function loadResultValidators(): ((name: ResultSchemaName) => ValidateFunction) | undefined {
  const file = executionApisPath();
  if (!file) return undefined;
  const spec = JSON.parse(fs.readFileSync(file, 'utf8')) as { components: unknown };
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
