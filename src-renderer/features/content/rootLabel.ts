import { shortHex } from '../../lib/formatChain';

/** What a root is called on screen: the name it was opened by, or `/ipfs/<short cid>` when no name is known. */
export function rootLabel(cid: string, name: string | undefined): string {
  return name || `/ipfs/${shortHex(cid)}`;
}
