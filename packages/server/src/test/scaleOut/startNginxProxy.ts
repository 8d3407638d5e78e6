import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { freePort } from '../freePort';

/** nginx in front of the server processes, and the way to stop it. */
export interface NginxProxy {
  /** http://127.0.0.1:<port>: what the clients call. */
  url: string;
  stop(): Promise<void>;
}

/** The nginx executable: on PATH, or Debian's /usr/sbin/nginx (root's PATH has it, a user's may not); null when not installed. */
export function findNginx(): string | null {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const folder of folders) {
    if (folder === '') continue;
    try {
      accessSync(join(folder, 'nginx'), constants.X_OK);
      return join(folder, 'nginx');
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/**
 * The configuration a deployment behind nginx would use (docs/DEPLOYMENT.md "Several servers"):
 * round robin over the processes; a process that refuses or drops a connection is skipped for a
 * few seconds and the request goes to the next one when that is safe (nginx never resends a POST
 * it already sent: the client retries it with its Idempotency-Key); bodies and answers stream
 * both ways (uploads, live pushes).
 */
export function nginxConfig(folder: string, port: number, upstreamPorts: readonly number[]): string {
  return `worker_processes 1;
daemon off;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${folder}/client_body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  client_max_body_size 0;
  upstream datahaven {
${upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://datahaven;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

/**
 * Starts Debian's nginx (not as a daemon, in a folder of its own under `folder`) in front of
 * `upstreamPorts` on 127.0.0.1, and resolves once it answers on its port.
 */
export async function startNginxProxy(folder: string, upstreamPorts: readonly number[]): Promise<NginxProxy> {
  const nginx = findNginx();
  if (nginx === null) throw new Error('nginx is not installed (Debian: apt-get install nginx).');
  await mkdir(folder, { recursive: true });
  // nginx's workers run as `nobody` when started by root: they must reach their temp folders.
  await chmod(folder, 0o755);
  const port = await freePort();
  const configPath = join(folder, 'nginx.conf');
  await writeFile(configPath, nginxConfig(folder, port, upstreamPorts));
  const child = spawn(nginx, ['-p', folder, '-c', configPath, '-e', join(folder, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  let running = false;
  void exited.then(() => (running = false));
  running = true;
  // nginx prints nothing when it listens: ask it until it answers (any status: the upstreams may still start).
  for (let attempt = 0; ; attempt += 1) {
    if (!running) throw new Error(`nginx exited at start: ${errors}`);
    try {
      await fetch(`${url}/nginx-probe`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch (error) {
      if (attempt >= 200) throw new Error(`nginx did not answer on ${url}: ${String(error)} ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      if (running) child.kill('SIGQUIT');
      await exited;
    },
  };
}
