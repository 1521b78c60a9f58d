import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { LogExportResult } from '../../src-shared/logs/types';
import { formatNumber } from '../lib/formatChain';
import { startDownload } from '../lib/startDownload';

/**
 * An export main writes (a log run's rows, an address's token transfers): `run` asks for it, a download offered by
 * the web host starts at once, a file Electron saved is named; `said` is the sentence to show (`Downloading
 * logs-….csv: 1,250 rows.`), what is counted named by `unit` ("rows", "transfers").
 */
export function useFileExport<Input>(exportFile: (input: Input) => Promise<LogExportResult>, unit: string) {
  const [said, setSaid] = useState<string | undefined>();
  const exporter = useMutation({
    mutationFn: exportFile,
    onSuccess: (result) => {
      if (result.kind === 'download') {
        startDownload(result.url, result.fileName);
        setSaid(`Downloading ${result.fileName}: ${formatNumber(result.rows)} ${unit}.`);
      } else if (result.kind === 'saved') setSaid(`Saved ${formatNumber(result.rows)} ${unit} to ${result.path}.`);
      else setSaid(undefined);
    },
  });
  return { exporter, said };
}
