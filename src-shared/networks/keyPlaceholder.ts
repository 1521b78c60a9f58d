// Its own module, free of zod: screens that only need the placeholder must not build network.ts's schemas
// (a chunk shared with Settings would then run zod before Settings turns its JIT off; see configureZod).

/** Placeholder in an `rpcUrl` or `wsUrl` template that main replaces with the URL-encoded key. */
export const KEY_PLACEHOLDER = '{key}';
