/** Where the deployable artifact is installed (scripts/artifact.mjs). */
export declare const ARTIFACT_DIR: string;
/** The Dockerfile of docs/OPERATING.md, as steps. */
export interface Recipe {
  copies: string[][];
  runs: string[];
  env: Record<string, string>;
  cmd: string[];
}
export declare function dockerfile(): Recipe;
/** Copies and installs the artifact as the Dockerfile does, unless installed for the same manifests; resolves to its folder and the recipe. */
export declare function installedArtifact(log?: (line: string) => void): Promise<{ app: string; recipe: Recipe }>;
