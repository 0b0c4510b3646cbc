// Types of build-stamp.mjs for the tests that import it.
export type BuildInputs = { lock: string | null; files: Record<string, string> };
export declare const currentInputs: (root: string) => BuildInputs;
export declare const staleReason: (root: string, inputs: BuildInputs) => string | null;
export declare const writeStamp: (root: string, inputs: BuildInputs) => void;
