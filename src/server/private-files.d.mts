import type { WriteStream } from 'node:fs';

export declare const PRIVATE_UMASK: number;

export declare class DataDirError extends Error {}

export declare function privateDataDir(dataDir: string): void;

export declare function tightenDataDir(dataDir: string): void;

export declare function privateWriteStream(file: string): WriteStream;
