// The words of the sentences of nodeFailures.ts: a node's text cut to a snippet, statuses, sizes and times. Pure.
import { STATUS_CODES } from 'node:http';

const SNIPPET = 200;

/** The reason a node gave in words: geth's `execution reverted: …`, Hardhat's `reverted with reason string '…'`. */
export function reasonIn(message: string): string | undefined {
  const geth = /^execution reverted:?\s*(.*)$/is.exec(message)?.[1]?.trim();
  if (geth) return geth;
  return /reverted with reason string '(.*)'$/s.exec(message.trim())?.[1];
}

/** The node's own words, cut to a snippet, for behind a page's Details (none when it said nothing). */
export function said(text: string | undefined): { nodeSaid?: string } {
  const words = snippet(text ?? '');
  return words === '' ? {} : { nodeSaid: words };
}

/** An HTTP status in words: 502 → "bad gateway" (the number itself is the error's code, behind Details). */
export function httpReason(status: number | undefined): string {
  const text = status === undefined ? undefined : STATUS_CODES[status];
  return text ? text.toLowerCase() : 'an unexpected status';
}

export function retryAfterSeconds(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Number.parseInt(header, 10);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1)}…` : flat;
}

export function firstLine(text: string): string {
  return text.split('\n')[0]?.trim() ?? '';
}

export function seconds(ms: number | undefined): string {
  return ms === undefined ? 'the time limit' : `${Math.round(ms / 100) / 10} s`;
}

/** 33554432 → "32 MiB", 65536 → "64 KiB", other sizes in bytes. */
export function byteSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export function hostOnly(endpoint: string): string {
  return endpoint.replace(/:\d+$/, '');
}
