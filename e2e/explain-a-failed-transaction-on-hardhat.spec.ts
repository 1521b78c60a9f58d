import { startHardhatNode } from '../test-support/nodes/startHardhatNode';
import { callContractsOn, exploreAndFollowLogsOn } from './devNodeJourneys';
import { explainFailuresOn, seededDevNode } from './devNodes';

// A support engineer points the app at a Hardhat node (npm `hardhat`, its EDR engine) as a custom network, opens a
// failed transaction and sees its custom error decoded, reproduced at its parent block; then a developer calls
// the contract in the playground and sees the reason string. Hardhat answers a revert with -32603 and the bytes
// in error.data.data, not geth's 3 and error.data. Then the rest of the app on the same node: the explorer (failed
// transactions marked, a block, addresses, storage), logs by query and live, and calls that return or revert.

const seeded = seededDevNode(startHardhatNode);
explainFailuresOn('Hardhat node', seeded);
exploreAndFollowLogsOn('Hardhat node', seeded);
callContractsOn('Hardhat node', seeded);
