import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DroppedBlocks } from '../../src-shared/logs/droppedBlocks';
import type { LogExportResult } from '../../src-shared/logs/types';
import { formatNumber } from '../lib/formatChain';
import { groupDigits } from '../lib/formatQuantity';
import { startDownload } from '../lib/startDownload';

/**
 * An export main writes (a log run's rows, an address's token transfers): `run` asks for it, a download offered by
 * the web host starts at once, a file Electron saved is named; `said` is the sentence to show (`Downloading
 * logs-….csv: 1,250 rows.`), what is counted named by `unit` ("rows", "transfers"), then the blocks the node no longer
 * keeps, whose part is not in the file (`notInFile`).
 */
export function useFileExport<Input>(exportFile: (input: Input) => Promise<LogExportResult>, unit: string) {
  const [said, setSaid] = useState<string | undefined>();
  const exporter = useMutation({
    mutationFn: exportFile,
    onSuccess: (result) => {
      if (result.kind === 'download') {
        startDownload(result.url, result.fileName);
        setSaid(`Downloading ${result.fileName}: ${formatNumber(result.rows)} ${unit}.${notInFile(result.dropped)}`);
      } else if (result.kind === 'saved') setSaid(`Saved ${formatNumber(result.rows)} ${unit} to ${result.path}.${notInFile(result.dropped)}`);
      else setSaid(undefined);
    },
  });
  return { exporter, said };
}

/**
 * What a file leaves out, said after what it holds: ` Not in it: what blocks 245–1,288 held, which the node no longer
 * keeps.` (a space first); nothing when the scan passed over no block.
 */
export function notInFile(dropped: readonly DroppedBlocks[] | undefined): string {
  if (!dropped || dropped.length === 0) return '';
  const runs = dropped.map(({ from, to }) => (from === to ? groupDigits(BigInt(from)) : `${groupDigits(BigInt(from))}–${groupDigits(BigInt(to))}`));
  const listed = runs.length === 1 ? runs[0]! : `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)!}`;
  const one = runs.length === 1 && dropped[0]!.from === dropped[0]!.to;
  return ` Not in it: what block${one ? '' : 's'} ${listed} held, which the node no longer keeps.`;
}
