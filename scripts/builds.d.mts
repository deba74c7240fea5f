// Types of scripts/builds.mjs (plain JavaScript, so that `npm start` runs it before anything is compiled).
export declare const BUILD_INPUTS: string[];
export declare const BUILD_INFO: string;
export declare const SERVERS_DIR: string;
export interface BuildInfo {
  sources: string;
  builtAt: string;
}
export declare function sourcesHash(root: string, inputs?: string[]): string;
export declare function currentBuild(root: string): BuildInfo | null;
export declare function newBuildDir(root: string): string;
export declare function finishBuild(dir: string, sources: string): void;
export declare function makeCurrent(root: string, dir: string): void;
export declare function inUse(dir: string): boolean;
export declare function pruneBuilds(root: string, opts?: { now?: number; abandonedAfterMs?: number }): string[];
