/** A file streamed to the store and checked, not yet in the database. */
export interface StagedFile {
  key: string;
  size: number;
  name: string;
  extension: string;
  mediaType: string;
  pages: number;
}
