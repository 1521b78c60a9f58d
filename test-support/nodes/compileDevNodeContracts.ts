import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { defaultContractsDir, type CompiledContract } from '../../src-sandbox/chain/contracts';

/** The contracts seeded on a development node: the sandbox's own Reverter, and a Noticeboard with events. */
export interface DevNodeContracts {
  Reverter: CompiledContract;
  Noticeboard: CompiledContract;
}

const require = createRequire(import.meta.url);
const SOURCES = { 'Reverter.sol': path.join(defaultContractsDir(), 'Reverter.sol'), 'Noticeboard.sol': path.join(path.dirname(fileURLToPath(import.meta.url)), 'contracts', 'Noticeboard.sol') };

let compiled: DevNodeContracts | undefined;

/**
 * Compiles both with the `solc` package (no compiler download), once per process, for the Shanghai EVM: Ganache 7
 * knows no later hardfork, and Hardhat runs Shanghai code as well.
 */
export function compileDevNodeContracts(): DevNodeContracts {
  if (compiled) return compiled;
  const sources = Object.fromEntries(Object.entries(SOURCES).map(([name, file]) => [name, { content: fs.readFileSync(file, 'utf8') }]));
  const input = { language: 'Solidity', sources, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  const contract = (name: keyof DevNodeContracts): CompiledContract => {
    const found = output.contracts?.[`${name}.sol`]?.[name];
    if (!found) throw new Error(`solc output has no ${name}`);
    return { abi: found.abi, bytecode: `0x${found.evm.bytecode.object}` as Hex };
  };
  compiled = { Reverter: contract('Reverter'), Noticeboard: contract('Noticeboard') };
  return compiled;
}
