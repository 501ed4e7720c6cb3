import { ConfigError, loadConfig } from '../config';
import { releasesMallocHeap } from '../http/idle-memory';
import { startServer } from './start-server';

function loadDotEnv(): void {
  try {
    process.loadEnvFile('.env');
  } catch {
    // No .env file: the environment alone configures the server.
  }
}

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(
    {
      url: config.publicUrl,
      database: server.context.database.kind,
      mail: server.context.mailer.kind,
      node: process.version,
      mallocTrim: releasesMallocHeap,
    },
    'careers server ready',
  );
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      server
        .close()
        .then(() => process.exit(0))
        .catch(() => process.exit(1));
    });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
