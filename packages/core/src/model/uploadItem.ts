import type { DmsDocument } from './document';
import type { FolderConstraints } from './folder';

/** Where an upload is in its life: bytes going up, the server storing them, then an outcome. */
export type UploadState = 'uploading' | 'processing' | 'done' | 'failed';

/** One file of the client's upload queue. */
export interface UploadItem {
  id: string;
  fileName: string;
  /** Size in bytes as the browser reports it. */
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  state: UploadState;
  /** The id of the folder entry the file was dropped on, when there was one. */
  folderId: string | null;
  /** Why the upload failed (user-visible), set only in state 'failed'. */
  reason: string | null;
  /** Documents the server created, set only in state 'done'. */
  documents: DmsDocument[];
}

/** What the client tells the embedding parent when it queues an upload (spec §3 "Upload", §7 POST /queue/upload). */
export interface UploadNotice {
  id: string;
  files: { name: string; size: number }[];
  folder: FolderConstraints | null;
  link: { dataAreaId?: string; recordId?: string; tableId?: number; typeName?: string; sitId?: number } | null;
  queue: number | null;
  scan: boolean;
}
