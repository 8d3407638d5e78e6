import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Length of the HMAC secret in bytes (BRIEF: 32 random bytes). */
export const TOKEN_SECRET_BYTES = 32;

/** Path of the token secret inside the data folder. */
export function tokenSecretPath(dataDir: string): string {
  return join(dataDir, 'secrets', 'token-secret');
}

/**
 * Reads `<dataDir>/secrets/token-secret`, creating it with 32 random bytes on first start.
 * Created with O_EXCL so two instances starting together agree on one secret.
 */
export async function loadOrCreateTokenSecret(dataDir: string): Promise<Buffer> {
  const path = tokenSecretPath(dataDir);
  await mkdir(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, randomBytes(TOKEN_SECRET_BYTES), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Structural, not instanceof: node's fs errors may come from another realm (jest's sandbox).
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const secret = await readFile(path);
  if (secret.length < TOKEN_SECRET_BYTES) throw new Error(`The token secret at ${path} is too short.`);
  return secret;
}
