import cluster from 'node:cluster';
import { join } from 'node:path';
import type { Config } from '../config/Config';
import { openAzureBlobFileStore } from './azureBlobFileStore';
import { createDiskFileStore } from './diskFileStore';
import type { FileStore } from './FileStore';

/** Where the blob store keeps local copies: a folder of the process's own (LocalFileCache empties its folder on first use and evicts by path). */
export function blobCacheDir(dataDir: string): string {
  // Worker processes (DATAHAVEN_WORKERS) share the data folder: each gets a sub-folder, so none
  // empties or evicts another's copies; the supervisor empties the parent before forking them.
  return cluster.isWorker && cluster.worker !== undefined
    ? join(dataDir, 'blob-cache', `worker-${cluster.worker.id}`)
    : join(dataDir, 'blob-cache');
}

/** The configured file store: Azure Blob Storage when `config.blobStore` is set (several instances share it), else the disk under dataDir/files. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'blobStore'>): Promise<FileStore> {
  if (config.blobStore !== null) return openAzureBlobFileStore(config.blobStore, { cacheDir: blobCacheDir(config.dataDir) });
  return createDiskFileStore(join(config.dataDir, 'files'));
}
