import {
  concat,
  decodeErrorResult,
  keccak256,
  numberToHex,
  pad,
  parseAbi,
  toFunctionSelector,
  type Address,
  type Hex,
  type Transaction,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcResult } from '../testing/rawRpc';
import { rawJsonRpc } from '../../test-support/rawJsonRpc';
import { reverterAbi, sandboxTokenAbi, storageShowcaseAbi, uniswapFactoryAbi, uniswapPairAbi } from './abis';
import { GENESIS_TIMESTAMP, SANDBOX_CHAIN_ID, startAnvil, type AnvilProcess } from './anvil';
import type { SeedManifest } from './manifest';
import { createSandboxClient, type SandboxClient } from './sandbox-chain';
import { seedChain } from './seed';

// One seeded Anvil for every claim; a second one, at the end, for determinism.
let anvil: AnvilProcess;
let manifest: SeedManifest;
let client: SandboxClient;
const progress: string[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  client = createSandboxClient(anvil.url);
  manifest = await seedChain({ rpcUrl: anvil.url, log: (line) => progress.push(line) });
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
});

const routerAbi = parseAbi(['function factory() view returns (address)', 'function WETH() view returns (address)']);

describe('seedChain', () => {
  // How long seeding takes is measured by npm run bench (the sandbox's fresh start, and of which the seed).
  it('records how long it took, and logs progress without secrets', () => {
    expect(manifest.seedSeconds).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.join('\n')).not.toMatch(/0x[0-9a-fA-F]{64}/);
    expect(progress.join('\n')).not.toMatch(/test test test/);
  });

  it('mines at least 200 blocks, 12 s apart from the fixed genesis', async () => {
    expect(manifest.chainId).toBe(SANDBOX_CHAIN_ID);
    expect(manifest.seededToBlock).toBeGreaterThanOrEqual(200);
    expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(BigInt(manifest.seededToBlock));
    for (const n of [1, 100, manifest.seededToBlock]) {
      const block = await client.getBlock({ blockNumber: BigInt(n) });
      expect(Number(block.timestamp)).toBe(GENESIS_TIMESTAMP + manifest.seedBlockIntervalSeconds * n);
      if (n === manifest.seededToBlock) expect(block.hash).toBe(manifest.seededToBlockHash);
    }
  });

  it('deploys WETH, two tokens, the Uniswap factory and router, pairs with liquidity, and its own contracts', async () => {
    const { contracts } = manifest;
    for (const address of [
      contracts.weth,
      contracts.uniswapFactory,
      contracts.uniswapRouter,
      contracts.reverter,
      contracts.storageShowcase,
      contracts.logStorm,
      contracts.gasBurner,
      contracts.gasProbe,
      contracts.batchCall,
      ...contracts.tokens.map((t) => t.address),
    ]) {
      expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(100);
    }
    expect(contracts.tokens.length).toBeGreaterThanOrEqual(2);
    for (const token of contracts.tokens) {
      expect(await client.readContract({ address: token.address, abi: sandboxTokenAbi, functionName: 'decimals' })).toBe(token.decimals);
    }
    expect(await client.readContract({ address: contracts.uniswapRouter, abi: routerAbi, functionName: 'factory' })).toBe(contracts.uniswapFactory);
    expect(await client.readContract({ address: contracts.uniswapRouter, abi: routerAbi, functionName: 'WETH' })).toBe(contracts.weth);
    expect(contracts.pairs.length).toBeGreaterThanOrEqual(2);
    for (const pair of contracts.pairs) {
      const listed = await client.readContract({ address: contracts.uniswapFactory, abi: uniswapFactoryAbi, functionName: 'getPair', args: [pair.token0, pair.token1] });
      expect(listed).toBe(pair.address);
      const [reserve0, reserve1] = await client.readContract({ address: pair.address, abi: uniswapPairAbi, functionName: 'getReserves' });
      expect(reserve0).toBeGreaterThan(0n);
      expect(reserve1).toBeGreaterThan(0n);
    }
  });

  it('fills the history with transfers, approvals, WETH, liquidity, swaps and creations from many accounts', async () => {
    const selectors = {
      erc20Transfer: toFunctionSelector('transfer(address,uint256)'),
      approve: toFunctionSelector('approve(address,uint256)'),
      wethDeposit: toFunctionSelector('deposit()'),
      wethWithdraw: toFunctionSelector('withdraw(uint256)'),
      addLiquidity: toFunctionSelector('addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)'),
      addLiquidityETH: toFunctionSelector('addLiquidityETH(address,uint256,uint256,uint256,address,uint256)'),
      swapExactETHForTokens: toFunctionSelector('swapExactETHForTokens(uint256,address[],address,uint256)'),
      swapExactTokensForTokens: toFunctionSelector('swapExactTokensForTokens(uint256,uint256,address[],address,uint256)'),
      swapExactTokensForETH: toFunctionSelector('swapExactTokensForETH(uint256,uint256,address[],address,uint256)'),
    };
    const counts: Record<string, number> = { ethTransfer: 0, creation: 0 };
    const senders = new Set<Address>();
    for (let n = 1; n <= manifest.seededToBlock; n++) {
      if (n === manifest.bigBlock.number) continue;
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const tx of block.transactions as Transaction[]) {
        senders.add(tx.from);
        if (tx.to === null) counts.creation = (counts.creation ?? 0) + 1;
        else if (tx.input === '0x') counts.ethTransfer = (counts.ethTransfer ?? 0) + 1;
        for (const [name, selector] of Object.entries(selectors)) {
          if (tx.input.startsWith(selector)) counts[name] = (counts[name] ?? 0) + 1;
        }
      }
    }
    for (const name of ['ethTransfer', 'creation', ...Object.keys(selectors)]) expect(counts[name], name).toBeGreaterThan(0);
    expect(counts.creation).toBeGreaterThanOrEqual(10);
    expect(counts.erc20Transfer).toBeGreaterThanOrEqual(40);
    expect(counts.approve).toBeGreaterThanOrEqual(40);
    expect(senders.size).toBeGreaterThanOrEqual(15);
  });

  it('mines one transaction of each type Anvil accepts, blob included', async () => {
    const expected = {
      legacy: 'legacy',
      accessList: 'eip2930',
      eip1559: 'eip1559',
      eip7702: 'eip7702',
      blob: 'eip4844',
    } as const;
    for (const [kind, type] of Object.entries(expected)) {
      const hash = manifest.transactions[kind as keyof typeof expected];
      expect(hash, kind).toBeDefined();
      const tx = await client.getTransaction({ hash: hash! });
      expect(tx.type, kind).toBe(type);
      const receipt = await client.getTransactionReceipt({ hash: hash! });
      expect(receipt.status, kind).toBe('success');
      expect(receipt.type, kind).toBe(type);
      expect(receipt.blockNumber).toBeLessThanOrEqual(BigInt(manifest.seededToBlock));
    }
    // The 7702 sender's code is now the delegation designator pointing at BatchCall.
    const code = await client.getCode({ address: manifest.accounts.delegator.address });
    expect(code).toBe(concat(['0xef0100', manifest.contracts.batchCall.toLowerCase() as Hex]));
  });

  it('mines a failed transaction (status 0), a creation, an ERC-20 transfer and a swap', async () => {
    const failed = await client.getTransactionReceipt({ hash: manifest.transactions.failed });
    expect(failed.status).toBe('reverted');
    const creation = await client.getTransactionReceipt({ hash: manifest.transactions.contractCreation });
    expect(creation.contractAddress).toBe(manifest.contracts.storageShowcase.toLowerCase());
    const transfer = await client.getTransactionReceipt({ hash: manifest.transactions.erc20Transfer });
    expect(transfer.logs[0]?.topics[0]).toBe(keccak256(new TextEncoder().encode('Transfer(address,address,uint256)')));
    const swap = await client.getTransactionReceipt({ hash: manifest.transactions.swap });
    const swapTopic = keccak256(new TextEncoder().encode('Swap(address,uint256,uint256,uint256,uint256,address)'));
    const pairs = manifest.contracts.pairs.map((p) => p.address.toLowerCase());
    expect(swap.logs.some((log) => log.topics[0] === swapTopic && pairs.includes(log.address))).toBe(true);
  });

  it('puts at least 500 successful transactions in the big block', async () => {
    const block = await client.getBlock({ blockNumber: BigInt(manifest.bigBlock.number) });
    expect(block.transactions.length).toBe(manifest.bigBlock.transactionCount);
    expect(block.transactions.length).toBeGreaterThanOrEqual(500);
    const receipts = await rpcResult<{ status: Hex }[]>(anvil.url, 'eth_getBlockReceipts', [numberToHex(manifest.bigBlock.number)]);
    expect(receipts.filter((r) => r.status === '0x1').length).toBe(block.transactions.length);
  });

  it('puts over 10,000 logs in a range of at most 100 blocks, and at least 50,000 in all', async () => {
    const { logStorm } = manifest;
    const count = async (from: number, to: number) =>
      (await rpcResult<unknown[]>(anvil.url, 'eth_getLogs', [{ address: manifest.contracts.logStorm, fromBlock: numberToHex(from), toBlock: numberToHex(to) }]))
        .length;
    expect(logStorm.denseToBlock - logStorm.denseFromBlock + 1).toBeLessThanOrEqual(100);
    const dense = await count(logStorm.denseFromBlock, logStorm.denseToBlock);
    expect(dense).toBe(logStorm.denseLogs);
    expect(dense).toBeGreaterThan(10_000);
    const total = await count(0, manifest.seededToBlock);
    expect(total).toBe(logStorm.totalLogs);
    expect(total).toBeGreaterThanOrEqual(50_000);
    expect(await count(logStorm.fromBlock, logStorm.toBlock)).toBe(total);
  });

  it('stores the showcase values at the slots the manifest names', async () => {
    const address = manifest.contracts.storageShowcase;
    expect(manifest.storage.plain.map((p) => p.slot)).toEqual([0, 1, 2]);
    for (const { slot, value } of manifest.storage.plain) {
      expect(await client.getStorageAt({ address, slot: numberToHex(slot, { size: 32 }) })).toBe(value);
    }
    const { key, slot, value } = manifest.storage.mapping;
    const position = keccak256(concat([pad(key), pad(numberToHex(slot))]));
    expect(await client.getStorageAt({ address, slot: position })).toBe(value);
    expect(await client.readContract({ address, abi: storageShowcaseAbi, functionName: 'balances', args: [key] })).toBe(BigInt(value));
    expect(await client.readContract({ address, abi: storageShowcaseAbi, functionName: 'number' })).toBe(BigInt(manifest.storage.plain[1]!.value));
  });

  it('describes reverts that really happen on eth_call', async () => {
    const call = async (data: Hex) => {
      const { body } = await rawJsonRpc(anvil.url, 'eth_call', [{ to: manifest.contracts.reverter, data }, 'latest']);
      expect(body.error?.code).toBe(3);
      return { message: body.error!.message, data: body.error!.data as Hex };
    };
    const { reverts } = manifest;

    const reason = await call(reverts.reasonString.data);
    expect(reason.message).toBe(`execution reverted: ${reverts.reasonString.reason}`);
    expect(decodeErrorResult({ abi: reverterAbi, data: reason.data })).toMatchObject({ errorName: 'Error', args: [reverts.reasonString.reason] });

    const custom = await call(reverts.customError.data);
    expect(reverts.customError).toMatchObject({ errorName: 'InsufficientBalance', signature: 'InsufficientBalance(uint256,uint256)' });
    expect(custom.data.slice(0, 10)).toBe(toFunctionSelector('InsufficientBalance(uint256,uint256)'));
    expect(decodeErrorResult({ abi: reverterAbi, data: custom.data })).toMatchObject({ errorName: 'InsufficientBalance', args: [1000n, 100n] });

    for (const kind of ['panicOverflow', 'panicDivisionByZero'] as const) {
      const panic = await call(reverts[kind].data);
      expect(decodeErrorResult({ abi: reverterAbi, data: panic.data })).toMatchObject({ errorName: 'Panic', args: [BigInt(reverts[kind].panicCode)] });
    }
    expect([reverts.panicOverflow.panicCode, reverts.panicDivisionByZero.panicCode]).toEqual([0x11, 0x12]);
  });

  it('leaves Anvil automining, and the next block on the wall clock after the seeded ones', async () => {
    expect(await client.getAutomine()).toBe(true);
    const seeded = await client.getBlock({ blockNumber: BigInt(manifest.seededToBlock) });
    await client.mine({ blocks: 1 });
    const live = await client.getBlock({ blockTag: 'latest' });
    expect(live.number).toBe(BigInt(manifest.seededToBlock + 1));
    expect(live.timestamp).toBeGreaterThanOrEqual(seeded.timestamp);
    expect(Math.abs(Number(live.timestamp) - Date.now() / 1000)).toBeLessThan(30);
  });

  it('puts one token behind an ERC1967Proxy and a TransparentUpgradeableProxy, with transfers through each', async () => {
    const { implementation, erc1967Proxy, transparentProxy, transparentProxyAdmin } = manifest.contracts.proxiedToken;
    const implementationSlot = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
    const transfer = keccak256(new TextEncoder().encode('Transfer(address,address,uint256)'));
    expect(await client.getCode({ address: transparentProxyAdmin })).not.toBe('0x');
    for (const proxy of [erc1967Proxy, transparentProxy]) {
      expect(await client.getStorageAt({ address: proxy, slot: implementationSlot })).toBe(pad(implementation.toLowerCase() as Hex));
      const logs = await client.getLogs({ address: proxy, fromBlock: 0n, toBlock: BigInt(manifest.seededToBlock) });
      // The mint at initialization, then at least three transfers through the proxy.
      expect(logs.filter((log) => log.topics[0] === transfer).length).toBeGreaterThanOrEqual(4);
    }
  });

  it('seeds the trace showcase last, in blocks of its own, from an account nothing before it touched', async () => {
    const tracer = manifest.accounts.tracer.address.toLowerCase();
    // Back from the last seeded block while every transaction is the tracer's (or its funding).
    let first = manifest.seededToBlock;
    for (;;) {
      const block = await client.getBlock({ blockNumber: BigInt(first - 1), includeTransactions: true });
      if (!(block.transactions as Transaction[]).every((tx) => tx.from.toLowerCase() === tracer || tx.to?.toLowerCase() === tracer)) break;
      first--;
    }
    const before = BigInt(first - 1);
    expect(manifest.seededToBlock - first + 1).toBe(5);
    expect(await client.getTransactionCount({ address: manifest.accounts.tracer.address, blockNumber: before })).toBe(0);
    expect(await client.getBalance({ address: manifest.accounts.tracer.address, blockNumber: before })).toBe(0n);
    const { deepRevert, internalTransfer, create2, outOfGas } = manifest.transactions;
    for (const hash of [deepRevert.hash, internalTransfer.hash, create2.hash, outOfGas.hash]) {
      expect(Number((await client.getTransactionReceipt({ hash })).blockNumber)).toBeGreaterThanOrEqual(first);
    }
    // The fixtures seeded before the showcase lie before it.
    expect(manifest.bigBlock.number).toBeLessThan(first);
    expect(Number((await client.getTransactionReceipt({ hash: manifest.transactions.delegateCall.hash })).blockNumber)).toBeLessThan(first);
  });

  it('seeds an identical chain on a second fresh Anvil', async () => {
    const second = await startAnvil();
    try {
      const again = await seedChain({ rpcUrl: second.url });
      expect({ ...again, seedSeconds: 0 }).toEqual({ ...manifest, seedSeconds: 0 });
    } finally {
      await second.stop();
    }
  }, 120_000);
});
