/**
 * Explicit gas limits for the seeder's and the traffic's transactions. Explicit rather than
 * estimated: estimation runs against state that may not include earlier transactions of the
 * same block, costs a round trip, and refuses transactions meant to fail. Each limit has
 * headroom over the measured use; the seeder checks every receipt, so a limit set too low
 * fails the seed loudly.
 */
export const GAS = {
  ethTransfer: 21_000n,
  /** OpenZeppelin ERC-20 transfer to a fresh holder uses about 51k. */
  erc20Transfer: 70_000n,
  /** A fresh allowance uses about 46k. */
  approve: 60_000n,
  wethDeposit: 60_000n,
  wethWithdraw: 50_000n,
  /** A single-hop router swap uses about 110k; two hops about 170k. */
  swap: 250_000n,
  /** The first deposit into a pair mints and writes reserves (about 230k). */
  addLiquidity: 400_000n,
  /** Factory createPair deploys a pair with CREATE2 (about 2.3M). */
  createPair: 3_500_000n,
  storageWrite: 80_000n,
  /** A GasProbe-sized contract creation. */
  smallDeploy: 300_000n,
} as const;
