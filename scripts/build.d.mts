// Types of build.mjs (plain JavaScript, so that `node` runs it before anything is built).
/** Where `npm run build` puts the sandbox, and where the app's launcher runs it from. */
export declare const SANDBOX_BUNDLE: string;
export declare const SERVE_BUNDLE: string;
export declare const START_BUNDLE: string;
/** What the build produces, relative to the project root. */
export declare const BUILD_OUTPUTS: readonly string[];
/** Whether any output is missing or older than the newest source. */
export declare function isBuildStale(root?: string, outputs?: readonly string[]): boolean;
/** Bundles one Node entry point (TypeScript, relative to the project root) into `outfile`; resolves with it. With `split`, what it loads with `import()` goes into the folder `chunks` (default `chunks/`) beside it; an earlier build's chunks there go once `keepStaleMs` old (default an hour). */
export declare function bundleNodeEntry(entry: string, outfile: string, options?: { split?: boolean; chunks?: string; keepStaleMs?: number }): Promise<string>;
/** Bundles the sandbox CLI into {@link SANDBOX_BUNDLE}. */
export declare function buildSandbox(): Promise<string>;
/** The Node bundles (sandbox, serve, start). */
export declare function buildBundles(): Promise<void>;
/** The whole build: electron-vite, then the bundles. */
export declare function buildAll(): Promise<void>;
/** Builds when the build is out of date. */
export declare function ensureBuild(log: (line: string) => void): Promise<void>;
/** Runs `work` while holding `lockDir` (waits for a live holder; takes over a dead one's lock). */
export declare function withLock<T>(lockDir: string, work: () => Promise<T>, options?: { pollMs?: number }): Promise<T>;
