// Test support: a bare Anvil process and blocks mined on it with chosen tips, for main-process tests that need a
// chain whose every block they control (the shared sandbox's traffic never stops). The app's code still reaches
// it only over JSON-RPC, as any node; these are the sandbox's own launcher and test miner, shared, not copied.
export { startAnvil, type AnvilProcess } from '../src-sandbox/chain/anvil';
export { FeeTraffic, type TestTx } from '../src-sandbox/gas/testing/feeTraffic';
