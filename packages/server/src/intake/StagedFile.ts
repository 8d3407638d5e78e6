/** A file streamed to the store and checked, not yet in the database. */
export interface StagedFile {
  key: string;
  size: number;
  name: string;
  extension: string;
  mediaType: string;
  pages: number;
  /**
   * A damaged PDF's repaired copy, already in the store: committed as its `pdf:repaired` derived
   * file with a system note saying so. The document itself keeps the original bytes (`key`).
   */
  repaired?: { key: string; size: number; pages: number };
}
