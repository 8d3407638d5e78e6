import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running Azurite blob service and the way to stop it. */
export interface Azurite {
  /** A connection string for its well-known development account. */
  connectionString: string;
  stop(): Promise<void>;
}

/** Azurite's fixed development account (public, documented by Microsoft; it only opens the local emulator). */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/**
 * Starts Azurite's blob service (npm `azurite`, a devDependency) on 127.0.0.1 at a free port,
 * in a temp folder of its own, and resolves once it listens (it prints the port it got). Loose
 * mode and no API-version check: the SDK may be newer than the emulator. `stop` ends the process
 * and removes its folder.
 */
export async function startAzurite(): Promise<Azurite> {
  const location = await mkdtemp(join(tmpdir(), 'datahaven-azurite-'));
  const main = require.resolve('azurite/dist/src/blob/main.js');
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--location',
      location,
      '--loose',
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(location, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        const match = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match !== null) resolve(Number(match[1]));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`Azurite exited (${code ?? 'signal'}) before listening: ${output}`)));
    });
    // Its output is no longer needed; keep the pipes drained so the emulator never blocks on them.
    child.stdout.resume();
    child.stderr.resume();
    const connectionString = `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`;
    return { connectionString, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
