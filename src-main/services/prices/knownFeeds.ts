/** A Chainlink ETH / USD aggregator the app knows by chain id, and the heartbeat it is published with. */
export interface KnownFeed {
  address: `0x${string}`;
  /** Seconds past which a round is older than the feed promises (data.chain.link lists each feed's heartbeat). */
  heartbeatSeconds: number;
}

/**
 * Chainlink's ETH / USD proxies (AggregatorV3Interface, 8 decimals) on the chains the presets name, by chain id, as
 * data.chain.link lists them. Chains whose native coin is not ETH (Polygon) are left out: their fees are not paid in
 * ETH. A network on another chain uses the price its person sets.
 */
export const KNOWN_ETH_USD_FEEDS: Readonly<Record<number, KnownFeed>> = {
  1: { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', heartbeatSeconds: 3_600 },
  11155111: { address: '0x694AA1769357215DE4FAC081bf1f309aDC325306', heartbeatSeconds: 3_600 },
  42161: { address: '0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612', heartbeatSeconds: 86_400 },
  10: { address: '0x13e3Ee699D1909E989722E753853AE30b17e08c5', heartbeatSeconds: 1_200 },
  8453: { address: '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70', heartbeatSeconds: 1_200 },
};

/**
 * The Local sandbox's feed starts a round every 10 blocks (a block every 2 s by default): a round older than five
 * minutes means its traffic is not running.
 */
export const SANDBOX_FEED_STALE_AFTER_SECONDS = 300;
