// `npm start`: builds whatever is missing, then runs the server on its embedded defaults.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const missing = [
  ['dist/server/main.js', 'build:server'],
  ['dist/web/index.html', 'build:web'],
  ['dist/web-prerender/prerender.js', 'build:web'],
].filter(([file]) => !existsSync(file));

for (const script of new Set(missing.map(([, name]) => name)))
  execSync(`npm run --silent ${script}`, { stdio: 'inherit' });

await import('../dist/server/main.js');
