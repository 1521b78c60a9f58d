import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import type { ContentKind, ContentNode } from '../../../src-shared/content/contentTypes';
import { inspectCid } from '../../../src-shared/content/inspectCid';
import { ContentError } from './contentErrors';
import { jsonAnswer, kuboCommand, type StoreTarget } from './kuboCommand';

const DAG_PB = 0x70;
const RAW = 0x55;

/** A dag-pb node as the store gave it: its links and its data bytes. */
interface PbNode {
  links: { name: string; cid: string; size: number }[];
  data: Uint8Array;
  readWith: 'object/get' | 'dag/get';
}

/**
 * What is at `<cid>/<path>`: the CID it resolves to (`dag/resolve`, else the parent's listing), then the node:
 * dag-pb through the spec's `object/get` (`encoding=json`, data in base64), or `dag/get` where the store no
 * longer offers `object/get`; raw and other codecs through `block/stat`.
 */
export async function readNode(target: StoreTarget, cid: string, segments: readonly string[], signal?: AbortSignal): Promise<Omit<ContentNode, 'pin'>> {
  const resolved = segments.length === 0 ? cid : await resolvePath(target, cid, segments, signal);
  const parsed = CID.parse(resolved);
  const inspected = inspectCid(resolved);
  const codec = inspected.ok ? inspected.facts.codec.name : `0x${parsed.code.toString(16)}`;
  if (parsed.code !== DAG_PB) {
    const size = await blockSize(target, resolved, signal);
    return { cid: resolved, codec, kind: parsed.code === RAW ? 'file' : 'other', size, linkCount: 0, readWith: 'block/stat', ...(parsed.code === RAW ? { unixfsType: 'raw' } : {}) };
  }
  const node = await readPbNode(target, resolved, signal);
  let unixfs: UnixFS | undefined;
  try {
    unixfs = UnixFS.unmarshal(node.data);
  } catch {
    unixfs = undefined;
  }
  const linkSizes = node.links.reduce((sum, link) => sum + link.size, 0);
  if (!unixfs) return { cid: resolved, codec, kind: 'other', size: linkSizes + node.data.byteLength, linkCount: node.links.length, readWith: node.readWith };
  const kind: ContentKind =
    unixfs.type === 'directory' || unixfs.type === 'hamt-sharded-directory' ? 'directory' : unixfs.type === 'symlink' ? 'symlink' : unixfs.type === 'file' || unixfs.type === 'raw' ? 'file' : 'other';
  const size = kind === 'file' ? Number(unixfs.fileSize()) : kind === 'symlink' ? (unixfs.data?.byteLength ?? 0) : linkSizes;
  return { cid: resolved, codec, kind, size, unixfsType: unixfs.type, linkCount: node.links.length, readWith: node.readWith };
}

/** The CID a path names: `dag/resolve`; where a store lacks it, the entry of that name in the parent's `ls`. */
async function resolvePath(target: StoreTarget, cid: string, segments: readonly string[], signal?: AbortSignal): Promise<string> {
  const arg = [cid, ...segments].join('/');
  try {
    const answer = await kuboCommand(target, 'dag/resolve', [['arg', arg]], { signal, doing: 'find this path' });
    const value = (await jsonAnswer(answer, 'find this path')) as { Cid?: { '/'?: unknown }; RemPath?: unknown };
    const found = value.Cid?.['/'];
    if (typeof found !== 'string') throw new ContentError('BAD_ANSWER', 'The content store answered dag/resolve without a CID.');
    if (typeof value.RemPath === 'string' && value.RemPath !== '') throw new ContentError('NOT_FOUND', `There is nothing named "${value.RemPath}" here.`);
    return found;
  } catch (error) {
    if (!(error instanceof ContentError) || error.code !== 'UNSUPPORTED') throw error;
  }
  const parent = [cid, ...segments.slice(0, -1)].join('/');
  const name = segments.at(-1)!;
  const answer = await kuboCommand(target, 'ls', [['arg', parent]], { signal, doing: 'find this path' });
  const listing = (await jsonAnswer(answer, 'find this path')) as { Objects?: { Links?: { Name?: string; Hash?: string }[] }[] };
  const link = listing.Objects?.[0]?.Links?.find((entry) => entry.Name === name);
  if (!link?.Hash) throw new ContentError('NOT_FOUND', `There is nothing named "${name}" in this folder.`);
  return link.Hash;
}

async function blockSize(target: StoreTarget, cid: string, signal?: AbortSignal): Promise<number> {
  const answer = await kuboCommand(target, 'block/stat', [['arg', cid]], { signal, doing: 'read this block' });
  const value = (await jsonAnswer(answer, 'read this block')) as { Size?: unknown };
  if (typeof value.Size !== 'number') throw new ContentError('BAD_ANSWER', 'The content store answered block/stat without a size.');
  return value.Size;
}

/** A dag-pb node through `object/get` (the spec's), falling back to `dag/get` (dag-json) where the store lacks it. */
async function readPbNode(target: StoreTarget, cid: string, signal?: AbortSignal): Promise<PbNode> {
  try {
    const answer = await kuboCommand(target, 'object/get', [['arg', cid], ['data-encoding', 'base64'], ['encoding', 'json']], { signal, doing: 'read this node' });
    const value = (await jsonAnswer(answer, 'read this node')) as { Links?: { Name?: string; Hash?: string; Size?: number }[]; Data?: string };
    if (!Array.isArray(value.Links)) throw new ContentError('BAD_ANSWER', 'The content store answered object/get without links.');
    return {
      links: value.Links.map((link) => ({ name: link.Name ?? '', cid: String(link.Hash ?? ''), size: Number(link.Size ?? 0) })),
      data: Buffer.from(value.Data ?? '', 'base64'),
      readWith: 'object/get',
    };
  } catch (error) {
    if (!(error instanceof ContentError) || error.code !== 'UNSUPPORTED') throw error;
  }
  const answer = await kuboCommand(target, 'dag/get', [['arg', cid], ['output-codec', 'dag-json']], { signal, doing: 'read this node' });
  const value = (await jsonAnswer(answer, 'read this node')) as { Links?: { Name?: string; Hash?: { '/'?: string }; Tsize?: number }[]; Data?: { '/'?: { bytes?: string } } };
  if (!Array.isArray(value.Links)) throw new ContentError('BAD_ANSWER', 'The content store answered dag/get without links.');
  return {
    links: value.Links.map((link) => ({ name: link.Name ?? '', cid: String(link.Hash?.['/'] ?? ''), size: Number(link.Tsize ?? 0) })),
    // dag-json writes bytes as unpadded base64.
    data: Buffer.from(value.Data?.['/']?.bytes ?? '', 'base64'),
    readWith: 'dag/get',
  };
}
