import { chmod, mkdir, open } from 'node:fs/promises';

/** The data folder and every folder in it: the server's user only (second attack finding 6). */
export const PRIVATE_FOLDER_MODE = 0o700;

/** Every file in the data folder: read and written by the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `path` (and any missing parents) with mode 0700 and sets 0700 on it even when it
 * existed: mkdir's mode is only ever narrowed by the umask, and an existing folder keeps the mode
 * an earlier version gave it (0755 under the usual umask 022) unless changed.
 */
export async function ensurePrivateFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(path, PRIVATE_FOLDER_MODE);
}

/**
 * Creates `path` empty with mode 0600 when missing and sets 0600 on it when it exists — before a
 * library (SQLite) opens it with the umask's 0644; SQLite gives its -wal and -shm files the
 * database file's mode.
 */
export async function ensurePrivateFile(path: string): Promise<void> {
  const handle = await open(path, 'a', PRIVATE_FILE_MODE);
  await handle.close();
  await chmod(path, PRIVATE_FILE_MODE);
}
