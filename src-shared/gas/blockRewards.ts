import type { FeeRewards } from './gasFeeInput';

/** The two receipt fields a block's reward percentiles come from, raw. */
export interface ReceiptFees {
  gasUsed: string;
  effectiveGasPrice: string;
}

/**
 * A block's reward percentiles computed the way eth_feeHistory defines them (geth, and Anvil since it weights
 * by each transaction's own gas): transactions sorted by effective tip (effectiveGasPrice - baseFee, never
 * below 0), and for percentile p the tip of the first transaction at which the running gas total reaches
 * floor(p * gasUsed / 100). An empty block has all zeros. Used for blocks Anvil keeps no fee history for.
 */
export function rewardsFromReceipts(receipts: readonly ReceiptFees[], baseFeePerGas: bigint): FeeRewards {
  const txs = receipts
    .map((receipt) => {
      const tip = BigInt(receipt.effectiveGasPrice) - baseFeePerGas;
      return { gas: BigInt(receipt.gasUsed), tip: tip > 0n ? tip : 0n };
    })
    .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const total = txs.reduce((sum, tx) => sum + tx.gas, 0n);
  const at = (percentile: bigint): bigint => {
    const target = (percentile * total) / 100n;
    let sum = 0n;
    for (const tx of txs) {
      sum += tx.gas;
      if (target <= sum) return tx.tip;
    }
    return txs[txs.length - 1]?.tip ?? 0n;
  };
  return { 10: at(10n), 20: at(20n), 30: at(30n), 50: at(50n), 95: at(95n) };
}
