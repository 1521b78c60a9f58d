// What each of the gas dashboard's terms means, in a sentence or two a product manager reads at a glance. Shown on
// hover and keyboard focus (Term.tsx); the words follow EIP-1559 and EIP-4844 without naming them first.

/** The dashboard's terms and their meaning. */
export const GAS_TERMS = {
  gwei: 'A billionth of an ether (0.000000001 ETH). Fees are prices per unit of gas, in gwei.',
  maxFeePerGas:
    'The most a transaction agrees to pay per unit of gas. It pays the block’s base fee plus its priority fee, never more than this; what is left over is not charged.',
  priorityFee: 'The tip per unit of gas paid to whoever makes the block, on top of the base fee. A higher tip gets in sooner when blocks are full.',
  wait: 'How long a transaction with this level’s fees usually takes to be included, from recent blocks.',
  baseFee: 'The price per unit of gas every transaction in a block pays. The network sets it from how full the blocks before were, and burns it.',
  nextBlock: 'The next block’s base fee follows from the latest block by a fixed rule, so it is known exactly before the block is made.',
  blocksAfter:
    'Each block moves the base fee by at most 12.5%: down when it is empty, up when it is full. These are the lowest and highest base fees each of the following blocks can reach.',
  blobBaseFee: 'The price per unit of blob gas, paid by rollups that post their data in blobs. Ordinary transactions do not pay it.',
  congestion:
    'Where the latest base fee ranks among recent blocks’ base fees: 0% is the cheapest of them, 100% the dearest. Quiet below 30%, Normal below 60%, Busy below 85%, Congested above.',
  latestPriorityFees: 'The tips paid in the latest block, from the low end (10th percentile) to the high end (95th percentile).',
  historicalRange: 'The same figures over the last 200 blocks: what the network has charged lately.',
} as const;
