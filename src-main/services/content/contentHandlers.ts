import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import { ContentError } from './contentErrors';
import type { ContentService } from './createContentService';

type ContentMethods = Pick<
  MethodHandlers,
  | 'content.resolve'
  | 'content.preview'
  | 'content.pins'
  | 'content.pin'
  | 'content.unpin'
  | 'content.recent'
  | 'content.remember'
  | 'content.forgetRecent'
  | 'content.find'
  | 'content.addBegin'
  | 'content.addChunk'
  | 'content.addFinish'
  | 'content.addCancel'
>;

/** The contract's `content` area over the content service. */
export function contentHandlers(content: ContentService): { methods: ContentMethods; topics: Pick<TopicHandlers, 'content.list' | 'content.save'> } {
  return {
    methods: {
      'content.resolve': ({ networkId, cid, path }, context) => content.resolve(networkId, cid, path, toAbortSignal(context.signal)),
      'content.preview': ({ networkId, cid, path, maxBytes, name }, context) => content.preview(networkId, cid, path, maxBytes, name, toAbortSignal(context.signal)),
      'content.pins': ({ networkId }, context) => content.pins(networkId, toAbortSignal(context.signal)),
      'content.pin': ({ networkId, cid }, context) => content.pin(networkId, cid, toAbortSignal(context.signal)),
      'content.unpin': ({ networkId, cid }, context) => content.unpin(networkId, cid, toAbortSignal(context.signal)),
      'content.recent': async ({ networkId, limit, cid }) => content.recent(networkId, limit, cid),
      'content.remember': async ({ networkId, cid, path, name, kind }) => content.remember(networkId, cid, path, name, kind),
      'content.forgetRecent': async ({ networkId, cid, path }) => content.forgetRecent(networkId, cid, path),
      'content.find': ({ networkId, text, limit }) => content.find(networkId, text, limit),
      'content.addBegin': ({ networkId, kind, entries, wrap }) => content.addBegin(networkId, kind, entries, wrap),
      'content.addChunk': ({ uploadId, base64 }) => {
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) throw new ContentError('BAD_REQUEST', 'An upload chunk must be base64.');
        return content.addChunk(uploadId, Buffer.from(base64, 'base64'));
      },
      'content.addFinish': ({ uploadId }) => content.addFinish(uploadId),
      'content.addCancel': async ({ uploadId }) => content.addCancel(uploadId),
    },
    topics: {
      'content.list': ({ networkId, cid }, emit, signal) => content.list(networkId, cid, emit, toAbortSignal(signal)),
      'content.save': ({ networkId, cid, path, name, as }, emit, signal) => content.save(networkId, cid, path, name, as, emit, toAbortSignal(signal)),
    },
  };
}
