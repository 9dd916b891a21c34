/** The newest release of each LTS line after the machine's (scripts/node-binaries.mjs). */
export declare const OTHER_LINES: string[];
/** The path of the official Node.js binary of a version, fetched once into node_modules/.cache. */
export declare function nodeBinary(version: string): Promise<string>;
