// Types of buildSandbox.mjs (plain JavaScript so that `node` runs it without a TypeScript loader).
/** Where `npm run build` puts the sandbox, and where the app's launcher runs it from. */
export declare const SANDBOX_BUNDLE: string;
/** Bundles one Node entry point (TypeScript, relative to the project root) into `outfile`; resolves with it. */
export declare function bundleNodeEntry(entry: string, outfile: string): Promise<string>;
/** Bundles the sandbox CLI into {@link SANDBOX_BUNDLE}. */
export declare function buildSandbox(): Promise<string>;
