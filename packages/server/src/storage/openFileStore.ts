import { join } from 'node:path';
import type { Config } from '../config';
import { openAzureBlobFileStore } from './azureBlobFileStore';
import { createDiskFileStore } from './diskFileStore';
import type { FileStore } from './FileStore';

/** The configured file store: Azure Blob Storage when `config.blobStore` is set (several instances share it), else the disk under dataDir/files. */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'blobStore'>): Promise<FileStore> {
  if (config.blobStore !== null) return openAzureBlobFileStore(config.blobStore, { cacheDir: join(config.dataDir, 'blob-cache') });
  return createDiskFileStore(join(config.dataDir, 'files'));
}
