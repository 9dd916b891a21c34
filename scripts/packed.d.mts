/** The site's project the package is installed into from its tarball (scripts/packed.mjs). */
export declare const PACKED_PROJECT: string;
/** Packs this repository and installs the tarball into PACKED_PROJECT unless it holds that install already; resolves to the project's folder. */
export declare function packedProject(log?: (line: string) => void): Promise<string>;
