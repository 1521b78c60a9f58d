import { startGanache } from '../test-support/nodes/startGanache';
import { callContractsOn, exploreAndFollowLogsOn } from './devNodeJourneys';
import { explainFailuresOn, seededDevNode } from './devNodes';

// A support engineer points the app at Ganache 7 (npm `ganache`) as a custom network, opens a failed transaction
// and sees its custom error decoded, reproduced at its parent block; then a developer calls the contract in the
// playground and sees the reason string. Ganache answers a revert with -32000 ("VM Exception while processing
// transaction: revert …") and the bytes at error.data, not geth's 3. Then the rest of the app on the same node: the
// explorer (failed transactions marked, a block, addresses, storage), logs by query and live, and calls that return
// or revert.

const seeded = seededDevNode(startGanache);
explainFailuresOn('Ganache node', seeded);
exploreAndFollowLogsOn('Ganache node', seeded);
callContractsOn('Ganache node', seeded);
