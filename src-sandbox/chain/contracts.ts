import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256, type Abi, type Hex } from 'viem';

/** A deployable contract: its ABI and creation bytecode. */
export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** The sandbox's own contracts, one per file in `resources/contracts`. */
export type SandboxContractName =
  | 'SandboxToken'
  | 'Reverter'
  | 'StorageShowcase'
  | 'LogStorm'
  | 'GasBurner'
  | 'GasProbe'
  | 'SandboxPriceFeed'
  | 'SandboxCollectibles'
  | 'SandboxItems'
  | 'BatchCall'
  | 'ProxiedToken'
  | 'TraceToken'
  | 'TraceVault'
  | 'TracePool'
  | 'TraceRouter'
  | 'TraceSplitter'
  | 'TraceFactory'
  | 'TraceChild';

/** OpenZeppelin's proxies, compiled from `@openzeppelin/contracts` in node_modules with the sandbox's contracts. */
export type OpenZeppelinProxyName = 'ERC1967Proxy' | 'TransparentUpgradeableProxy' | 'ProxyAdmin';

const OPENZEPPELIN_PROXIES: Record<OpenZeppelinProxyName, string> = {
  ERC1967Proxy: '@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol',
  TransparentUpgradeableProxy: '@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol',
  ProxyAdmin: '@openzeppelin/contracts/proxy/transparent/ProxyAdmin.sol',
};

const SANDBOX_CONTRACTS: readonly SandboxContractName[] = [
  'SandboxToken',
  'Reverter',
  'StorageShowcase',
  'LogStorm',
  'GasBurner',
  'GasProbe',
  // A Chainlink-style ETH / USD feed (seed-price-feed.ts), moved by the live traffic.
  'SandboxPriceFeed',
  // An ERC-721 and an ERC-1155 (seed-nfts.ts): NFT transfers, holdings and operator approvals.
  'SandboxCollectibles',
  'SandboxItems',
  'BatchCall',
  'ProxiedToken',
  // What a trace must show (seed-trace.ts): a revert three calls deep, internal ETH transfers, a CREATE2.
  'TraceToken',
  'TraceVault',
  'TracePool',
  'TraceRouter',
  'TraceSplitter',
  'TraceFactory',
  'TraceChild',
];

/** The Uniswap V2 and WETH contracts, from the npm packages' build artifacts. */
export interface UniswapArtifacts {
  weth9: CompiledContract;
  factory: CompiledContract;
  pair: CompiledContract;
  router: CompiledContract;
  /** v2-periphery's test ERC20 (constructor(uint256 totalSupply)): live traffic deploys it. */
  testToken: CompiledContract;
}

/**
 * The pair init-code hash hard-coded in the periphery's `UniswapV2Library.pairFor` (the router
 * computes pair addresses with it instead of asking the factory).
 *
 * Checked: keccak256 of the v2-core npm artifact's `UniswapV2Pair` bytecode is exactly this
 * value, and the router artifact's bytecode embeds it, so the router's `pairFor` finds the pairs
 * our factory deploys and swaps through the router work. `verifyPairInitCodeHash` re-checks it
 * at every seed so a package upgrade that breaks it fails loudly rather than as a bare revert.
 */
export const ROUTER_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';

const require = createRequire(import.meta.url);

/**
 * Default location of the Solidity sources: `resources/contracts` in the nearest folder above this
 * module that has one (this file runs from `src-sandbox/chain/`, or bundled from `out/sandbox/`).
 */
export function defaultContractsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'resources', 'contracts');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`resources/contracts not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

let compiled: Record<SandboxContractName | OpenZeppelinProxyName, CompiledContract> | undefined;

/**
 * Compiles `resources/contracts/*.sol` with solc-js (standard JSON, optimizer on), once per
 * process: the compiler is a large WebAssembly module and recompiling OpenZeppelin every seed
 * would cost seconds.
 */
export function compileSandboxContracts(contractsDir = defaultContractsDir()): Record<SandboxContractName | OpenZeppelinProxyName, CompiledContract> {
  if (compiled) return compiled;
  const sources: Record<string, { content: string }> = {};
  for (const file of fs.readdirSync(contractsDir).filter((f) => f.endsWith('.sol')).sort()) {
    sources[file] = { content: fs.readFileSync(path.join(contractsDir, file), 'utf8') };
  }
  // The proxies are compiled from the package's own files (named by their import paths, as a verified proxy's
  // metadata names them), so the explorer meets real OpenZeppelin proxy bytecode.
  for (const file of Object.values(OPENZEPPELIN_PROXIES)) {
    const imported = resolveImport(file);
    if (!('contents' in imported)) throw new Error(imported.error);
    sources[file] = { content: imported.contents };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Pinned rather than the compiler's default so the bytecode runs on any Anvil hardfork
      // from Prague on (7702 needs Prague anyway) and does not change with a solc upgrade.
      evmVersion: 'prague',
      // What deployment needs, and the metadata (its IPFS hash is in the bytecode's CBOR tail; the sandbox
      // adds it to its content store, so the explorer decodes these contracts offline). Asking for little
      // keeps solc-js noticeably faster.
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'metadata'] } },
    },
  };
  const solc = require('solc') as { compile(input: string, options: { import: (p: string) => unknown }): string };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const result = {} as Record<SandboxContractName | OpenZeppelinProxyName, CompiledContract>;
  const files: [SandboxContractName | OpenZeppelinProxyName, string][] = [
    ...SANDBOX_CONTRACTS.map((name): [SandboxContractName, string] => [name, `${name}.sol`]),
    ...Object.entries(OPENZEPPELIN_PROXIES).map(([name, file]) => [name as OpenZeppelinProxyName, file] as [OpenZeppelinProxyName, string]),
  ];
  for (const [name, file] of files) {
    const contract = output.contracts?.[file]?.[name];
    if (!contract) throw new Error(`solc output has no ${name} (expected in ${file})`);
    result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    metadata.push({ name, metadata: contract.metadata });
  }
  for (const [file, { content }] of Object.entries(sources)) metadataSources[file] = content;
  for (const entry of metadata) {
    const { sources: named } = JSON.parse(entry.metadata) as { sources: Record<string, unknown> };
    for (const file of Object.keys(named)) {
      if (metadataSources[file] !== undefined) continue;
      const imported = resolveImport(file);
      if ('contents' in imported) metadataSources[file] = imported.contents;
    }
  }
  compiled = result;
  return result;
}

const metadata: { name: string; metadata: string }[] = [];
const metadataSources: Record<string, string> = {};

/** What the sandbox's own contracts were compiled from: each one's metadata (as solc wrote it) and every source file it names. */
export interface ContractMetadataFile {
  version: 1;
  contracts: { name: string; metadata: string }[];
  sources: Record<string, string>;
}

/** The metadata and sources of the last compile in this process (seeding compiles first). */
export function compiledContractMetadata(): ContractMetadataFile {
  compileSandboxContracts();
  return { version: 1, contracts: [...metadata], sources: { ...metadataSources } };
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; metadata: string; evm: { bytecode: { object: string } } }>>;
}

/** solc's import callback: `@openzeppelin/...` comes from node_modules, nothing else is allowed. */
function resolveImport(importPath: string): { contents: string } | { error: string } {
  if (!importPath.startsWith('@openzeppelin/')) return { error: `import not allowed: ${importPath}` };
  try {
    return { contents: fs.readFileSync(require.resolve(importPath), 'utf8') };
  } catch (error) {
    return { error: `cannot read ${importPath}: ${(error as Error).message}` };
  }
}

let uniswap: UniswapArtifacts | undefined;

/** Loads WETH9 and Uniswap V2 factory, pair and router from the npm packages' build artifacts. */
export function loadUniswapArtifacts(): UniswapArtifacts {
  uniswap ??= {
    weth9: loadArtifact('@uniswap/v2-periphery/build/WETH9.json'),
    factory: loadArtifact('@uniswap/v2-core/build/UniswapV2Factory.json'),
    pair: loadArtifact('@uniswap/v2-core/build/UniswapV2Pair.json'),
    router: loadArtifact('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
    testToken: loadArtifact('@uniswap/v2-periphery/build/ERC20.json'),
  };
  return uniswap;
}

function loadArtifact(specifier: string): CompiledContract {
  const artifact = JSON.parse(fs.readFileSync(require.resolve(specifier), 'utf8')) as { abi: Abi; bytecode: string };
  const bytecode = artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`;
  return { abi: artifact.abi, bytecode: bytecode as Hex };
}

/** keccak256 of the v2-core pair creation code: what CREATE2 in the factory actually uses. */
export function pairInitCodeHash(): Hex {
  return keccak256(loadUniswapArtifacts().pair.bytecode);
}

/** Throws unless the router's hard-coded init-code hash matches the pair bytecode (see ROUTER_PAIR_INIT_CODE_HASH). */
export function verifyPairInitCodeHash(): void {
  const actual = pairInitCodeHash();
  const router = loadUniswapArtifacts().router.bytecode.toLowerCase();
  if (actual !== ROUTER_PAIR_INIT_CODE_HASH || !router.includes(actual.slice(2))) {
    throw new Error(
      `Uniswap V2 router's pair init-code hash ${ROUTER_PAIR_INIT_CODE_HASH} does not match the pair bytecode (${actual}): ` +
        'router swaps would target wrong pair addresses',
    );
  }
}
