import type { CommandHandler } from './commandContext';
import { runAdd } from './commands/add';
import { runBlockGet } from './commands/blockGet';
import { runBlockPut } from './commands/blockPut';
import { runBlockStat } from './commands/blockStat';
import { runCat } from './commands/cat';
import { runDagGet } from './commands/dagGet';
import { runDagImport } from './commands/dagImport';
import { runDagPut } from './commands/dagPut';
import { runDagResolve } from './commands/dagResolve';
import { runGet } from './commands/get';
import { runLs } from './commands/ls';
import { runObjectGet } from './commands/objectGet';
import { runPinAdd } from './commands/pinAdd';
import { runPinLs } from './commands/pinLs';
import { runPinRm } from './commands/pinRm';
import { runVersion } from './commands/version';

/** The commands served under `/api/v0/`, by path. A Map, so names like `constructor` are simply unknown. */
export const COMMANDS: ReadonlyMap<string, CommandHandler> = new Map([
  ['add', runAdd],
  ['cat', runCat],
  ['get', runGet],
  ['ls', runLs],
  ['object/get', runObjectGet],
  ['dag/get', runDagGet],
  ['dag/put', runDagPut],
  ['dag/resolve', runDagResolve],
  ['dag/import', runDagImport],
  ['block/get', runBlockGet],
  ['block/stat', runBlockStat],
  ['block/put', runBlockPut],
  ['pin/add', runPinAdd],
  ['pin/ls', runPinLs],
  ['pin/rm', runPinRm],
  ['version', runVersion],
]);
