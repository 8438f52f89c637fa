// The file entries and walks a policy target collects, a floor below target.ts and walks.ts: the target runs walks
// and walks.ts parses them into these, so neither imports the other for them.
export type FileType =
  'regular' | 'directory' | 'symbolic link' | 'block special' | 'character special' | 'fifo' | 'socket' | 'missing' | 'loop' | 'unknown';

export interface FileEntry {
  path: string;
  /** The entry itself (lstat). */
  type: FileType;
  /** What a symlink points to ("missing" when dangling); the same as type for anything else. */
  followed: FileType;
  mode: number;
  uid: number;
  gid: number;
  size: number;
  atime?: number;
  ctime?: number;
  mtime?: number;
  /** Depth below the walk's root (0 = the root). */
  depth: number;
  /** The last path component (walks only). */
  name?: string;
  /** A symlink's target as stored in the link (walks only). */
  link?: string;
  /** A directory on a mount the walk did not enter. */
  pruned?: boolean;
}

/** Which file systems a walk may enter, as OVAL's recurse_file_system says. */
export type FsScope = 'all' | 'local' | 'defined';

export interface WalkResult {
  /** lstat of the root, when it exists. */
  root?: FileEntry;
  /** The root (followed, depth 0) and everything below it, parents before children. */
  entries: FileEntry[];
}
