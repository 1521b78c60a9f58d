/** Where the known-ABIs signature file lives. */
export declare const KNOWN_ABIS_FILE: string;
/** The file's content, built from the installed packages' ABIs. */
export declare function buildKnownAbis(): { source: string[]; functions: Record<string, string[]>; events: Record<string, string[]>; errors: Record<string, string[]> };
