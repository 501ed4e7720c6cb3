// Starting the two baselines that serve the product's captured answers (see replay.mjs):
// the plain Node server (the ceiling for any Node server) and nginx (for context).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './product-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export const startPlainNode = ({ replayFile, port, cpu }) =>
  launch({
    label: 'plain Node server',
    command: process.execPath,
    args: [path.join(here, 'plain-node-server.mjs'), replayFile, String(port)],
    env: { PATH: process.env.PATH ?? '' },
    port,
    cpu,
    readyPath: JSON.parse(readFileSync(replayFile, 'utf8')).routes[0].path,
  });

/** A header value inside nginx double quotes; `$` would start a variable and has no escape. */
function nginxQuoted(value) {
  if (value.includes('$')) return undefined;
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * nginx in the foreground (a tracked child) with a config of its own in `dir`: one worker, no
 * access log, keep-alive as long as wrk wants, each captured answer a file on disk with the
 * product's Content-Type and headers (`add_header ... always`). nginx adds Last-Modified and
 * Accept-Ranges of its own (about 70 bytes an answer); ETags are off unless the product sent one.
 */
export function startNginx({ replayFile, port, dir, cpu }) {
  const { routes } = JSON.parse(readFileSync(replayFile, 'utf8'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  const locations = routes.map((route) => {
    if (route.status !== 200) throw new Error(`nginx baseline: ${route.path} answered ${route.status}`);
    const lines = [];
    let type = 'application/octet-stream';
    for (const [name, value] of route.headers) {
      if (name.toLowerCase() === 'content-type') {
        type = value;
        continue;
      }
      const quoted = nginxQuoted(value);
      if (quoted === undefined) console.warn(`nginx baseline: header ${name} has a $ and is left out`);
      else lines.push(`      add_header ${name} ${quoted} always;`);
    }
    return [
      `    location = ${route.path} {`,
      `      default_type ${nginxQuoted(type)};`,
      ...lines,
      // Not `alias`: for `/` nginx would look for an index file in a folder.
      `      root ${path.dirname(route.bodyFile)};`,
      `      rewrite ^ /${path.basename(route.bodyFile)} break;`,
      '    }',
    ].join('\n');
  });
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  server_tokens off;
  etag off;
  types { }
  server {
    listen 127.0.0.1:${port};
${locations.join('\n')}
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  return launch({
    label: 'nginx',
    command: 'nginx',
    args: ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')],
    env: { PATH: process.env.PATH ?? '' },
    port,
    cpu,
    readyPath: routes[0].path,
  });
}
