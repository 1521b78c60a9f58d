// Zod-free, so the content browser's chunk can read them without loading zod (whose JIT probe is a CSP violation
// until Settings turns it off).

/** Bytes of one upload chunk, before base64 (the API's messages are at most 8 MiB). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/** Most bytes a preview reads: text and hex are cut here, images larger than this are not previewed. */
export const PREVIEW_MAX_BYTES = 4 * 1024 * 1024;
/** Entries in one upload. */
export const UPLOAD_MAX_ENTRIES = 100_000;
