/**
 * A real nginx in front of the demo instances, with the configuration of docs/deploy.md
 * (nginx.conf next to this file), run in the foreground from a test directory: its pid file,
 * temp files and configuration there, its log on stderr (kept by the test), loopback only.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';
import { spawnWatched, type Spawned } from './spawned';

/** A running nginx: the plain and TLS ports it accepts on. */
export interface Nginx extends Spawned {
  httpPort: number;
  httpsPort: number;
}

/** nginx.conf with its `${NAME}` placeholders replaced by `values` (a missing value is an error). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx.conf: no value for \${${name}}`);
    return value;
  });
}

/**
 * Starts `program` (nginx's path) in `dir`, balancing over `upstreamPorts` on 127.0.0.1, with
 * TLS from `certificate`/`key`; resolves once its worker runs.
 */
export async function startNginx(program: string, dir: string, upstreamPorts: number[], certificate: string, key: string): Promise<Nginx> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const site = fillTemplate(readFileSync(join(__dirname, 'nginx.conf'), 'utf8'), {
    UPSTREAM_SERVERS: upstreamPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n    '),
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    TLS_CERTIFICATE: certificate,
    TLS_CERTIFICATE_KEY: key,
  });
  writeFileSync(join(dir, 'webfw-demo.conf'), site);
  // The main context a distribution's /etc/nginx/nginx.conf would hold, kept in `dir`.
  const temp = (name: string): string => `${name}_temp_path ${join(dir, 'temp', name)};`;
  const main = [
    'daemon off;',
    'worker_processes 1;',
    typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;' : '',
    `pid ${join(dir, 'nginx.pid')};`,
    'error_log stderr notice;',
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${join(dir, 'access.log')};`,
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${join(dir, 'webfw-demo.conf')};`,
    '}',
  ].join('\n');
  writeFileSync(join(dir, 'nginx.conf'), main);
  const nginx = spawnWatched('nginx', program, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']);
  await nginx.waitFor(/start worker process \d+/);
  return Object.assign(nginx, { httpPort, httpsPort });
}
