export declare const SITE_LOCK_FILE: string;

export interface SiteLockHolder {
  pid: number;
  /** The kernel's start time of the process (Linux), so a reused pid is not mistaken for it. */
  startTime: string | null;
  /** `site`, `backup` or `restore`. */
  command: string;
  /** Where the site answers, once it listens. */
  url: string | null;
  since: string;
}

export declare class SiteLockedError extends Error {
  constructor(dataDir: string, holder: SiteLockHolder);
  readonly holder: SiteLockHolder;
}

export interface SiteLock {
  file: string;
  setUrl(url: string): void;
  release(): void;
}

export declare function processStartTime(pid: number): string | null;

/** Throws SiteLockedError, or DataDirError (private-files.mjs) when the folder cannot be made private. */
export declare function acquireSiteLock(dataDir: string, options?: { command?: string }): SiteLock;
