import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's nginx as a round-robin proxy in front of app processes, for the cluster test
 * (cluster-support.ts) and the cluster benchmark (bench/cluster.mjs). `.ci/run` installs nginx.
 */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Debian's nginx: installed when it is missing and we are allowed to, as the browser tests do Chromium. */
function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error(`nginx is not at ${NGINX}: run 'sudo apt-get install -y nginx'.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  }
}

export async function startNginx(upstreams: URL[], port: number) {
  ensureNginx();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-nginx-'));
  const temp = (name: string) => `${name}_temp_path ${path.join(folder, name)};`;
  fs.writeFileSync(
    path.join(folder, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${path.join(folder, 'nginx.pid')};
error_log ${path.join(folder, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  upstream app { ${upstreams.map((url) => `server ${url.host} max_fails=0;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto http;
      # A process that stopped listening (SIGTERM) refuses the connection: the request goes to the other.
      proxy_next_upstream error timeout http_503 non_idempotent;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], { stdio: 'ignore' });
  const url = new URL(`http://127.0.0.1:${port}`);
  for (;;) {
    const answered = await fetch(new URL('/health/live', url)).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null) throw new Error(fs.readFileSync(path.join(folder, 'error.log'), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, child, folder };
}
