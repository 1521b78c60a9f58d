import {
  encodeDeployData,
  encodeErrorResult,
  encodeFunctionData,
  getContractAddress,
  keccak256,
  numberToHex,
  parseEther,
  parseUnits,
  stringToHex,
  type Address,
  type HDAccount,
} from 'viem';
import { traceChildAbi, traceFactoryAbi, traceRouterAbi, traceSplitterAbi, traceTokenAbi } from './abis';
import { compileSandboxContracts } from './contracts';
import { GAS } from './gas-limits';
import type { SeedManifest } from './manifest';
import type { SeedDriver } from './seed-driver';

/** What `seedTraceShowcase` made, as the manifest lists it (the deep revert's claims still to be read from the node). */
export interface TraceShowcase {
  contracts: SeedManifest['contracts']['trace'];
  /** The deep revert as the seeder meant it; `checkTraceShowcase` confirms each field against the node's trace. */
  deepRevert: SeedManifest['transactions']['deepRevert'];
  internalTransfer: SeedManifest['transactions']['internalTransfer'];
  create2: SeedManifest['transactions']['create2'];
  /** The redemption sent with too little gas, as the seeder meant it; `gasNeeded` is read from the node by the check. */
  outOfGas: Omit<SeedManifest['transactions']['outOfGas'], 'gasNeeded'>;
}

const TOKEN = (amount: string) => parseUnits(amount, 18);
/** The vault gets 100 TRC, pays 40 in a redemption that succeeds, and is then asked for 1,000. */
const VAULT_FUNDS = TOKEN('100');
const FIRST_REDEMPTION = TOKEN('40');
const TOO_MUCH = TOKEN('1000');
const SPLIT_VALUE = parseEther('1.5');
/** A redemption the vault can pay (it holds 60 after the first), sent with too little gas for its four calls. */
const SMALL_REDEMPTION = TOKEN('10');
/** Enough for the transaction's intrinsic gas and the router's first steps, not for the pool, vault and token below it. */
const TOO_LITTLE_GAS = 45_000n;
const CHILD_SALT = keccak256(stringToHex('blockglass sandbox: the trace showcase child'));

/**
 * Seeds, at the very end of the seed and from `tracer` (funded here by `funder`), what a trace must show: the trace
 * contracts; a redemption through router, pool and vault that succeeds; then, in one block, a split of ETH among
 * `payees` (internal transfers), a CREATE2 by the factory, and a redemption too large for the vault, which fails in
 * the token three calls below the transaction (mined with an explicit gas limit, status 0); then, in a block of its own,
 * a redemption the vault could pay sent with too little gas, which runs out of gas below the router (status 0). Five
 * blocks.
 */
export async function seedTraceShowcase(driver: SeedDriver, funder: HDAccount, tracer: HDAccount, payees: readonly Address[]): Promise<TraceShowcase> {
  const own = compileSandboxContracts();
  await driver.send(funder, { to: tracer.address, value: parseEther('10'), gas: GAS.ethTransfer }, 'fund the tracer');
  await driver.mine();

  const token = await driver.deploy(tracer, own.TraceToken, [TOKEN('1000000')], 1_500_000n, 'deploy TraceToken');
  const pool = await driver.deploy(tracer, own.TracePool, [token.address], 1_500_000n, 'deploy TracePool');
  const router = await driver.deploy(tracer, own.TraceRouter, [], 500_000n, 'deploy TraceRouter');
  const splitter = await driver.deploy(tracer, own.TraceSplitter, [], 500_000n, 'deploy TraceSplitter');
  const factory = await driver.deploy(tracer, own.TraceFactory, [], 1_000_000n, 'deploy TraceFactory');
  await driver.mine();
  // The pool's constructor creates its vault: the pool's first creation (a contract's nonce starts at 1).
  const vault = getContractAddress({ from: pool.address, nonce: 1n });
  const redeem = (amount: bigint) =>
    encodeFunctionData({ abi: traceRouterAbi, functionName: 'redeem', args: [pool.address, tracer.address, amount] });

  const fundVault = encodeFunctionData({ abi: traceTokenAbi, functionName: 'transfer', args: [vault, VAULT_FUNDS] });
  await driver.send(tracer, { to: token.address, data: fundVault, gas: GAS.erc20Transfer }, 'fund the TraceVault');
  await driver.send(tracer, { to: router.address, data: redeem(FIRST_REDEMPTION), gas: 200_000n }, 'redeem through TraceRouter');
  await driver.mine();

  const payeeShare = SPLIT_VALUE / BigInt(payees.length);
  const split = encodeFunctionData({ abi: traceSplitterAbi, functionName: 'split', args: [[...payees]] });
  const internalTransfer = await driver.send(tracer, { to: splitter.address, data: split, value: SPLIT_VALUE, gas: 150_000n }, 'split ETH');
  const deployChild = encodeFunctionData({ abi: traceFactoryAbi, functionName: 'deploy', args: [CHILD_SALT, tracer.address] });
  const create2 = await driver.send(tracer, { to: factory.address, data: deployChild, gas: 300_000n }, 'CREATE2 a TraceChild');
  // Explicit gas: estimation would refuse a call that reverts, and a failed receipt is the point.
  const deepRevert = await driver.send(tracer, { to: router.address, data: redeem(TOO_MUCH), gas: 200_000n }, 'redeem too much', 'failure');
  await driver.mine();

  // Last, in a block of its own, so nothing seeded before it moved: what-if's subject, a failure more gas would cure.
  const outOfGas = await driver.send(tracer, { to: router.address, data: redeem(SMALL_REDEMPTION), gas: TOO_LITTLE_GAS }, 'redeem with too little gas', 'failure');
  await driver.mine();

  const initCodeHash = keccak256(encodeDeployData({ abi: traceChildAbi, bytecode: own.TraceChild.bytecode, args: [tracer.address] }));
  return {
    contracts: { token: token.address, pool: pool.address, vault, router: router.address, splitter: splitter.address, factory: factory.address },
    deepRevert: {
      hash: deepRevert,
      revertingContract: token.address,
      revertingFunction: 'transfer',
      errorName: 'ERC20InsufficientBalance',
      errorSignature: 'ERC20InsufficientBalance(address,uint256,uint256)',
      revertData: encodeErrorResult({ abi: traceTokenAbi, errorName: 'ERC20InsufficientBalance', args: [vault, VAULT_FUNDS - FIRST_REDEMPTION, TOO_MUCH] }),
      depth: 3,
    },
    internalTransfer: {
      hash: internalTransfer,
      transfers: payees.map((to, i) => ({
        from: splitter.address,
        to,
        // The last payee also gets what the division leaves over (nothing, for 1.5 ETH in two).
        value: numberToHex(i === payees.length - 1 ? SPLIT_VALUE - payeeShare * BigInt(payees.length - 1) : payeeShare),
      })),
    },
    create2: {
      hash: create2,
      factory: factory.address,
      salt: CHILD_SALT,
      initCodeHash,
      address: getContractAddress({ opcode: 'CREATE2', from: factory.address, salt: CHILD_SALT, bytecodeHash: initCodeHash }),
    },
    outOfGas: { hash: outOfGas, gasLimit: Number(TOO_LITTLE_GAS) },
  };
}
