import pg from 'pg';

export type ChangeTopic = 'jobs' | 'applications';

const CHANNEL = 'careers_changes';

/**
 * Tells every server instance that some data changed, so each can drop what it cached. In one
 * process (PGlite) that is a plain callback; on PostgreSQL the change also goes out as a NOTIFY
 * that the other instances LISTEN for, so no instance keeps serving what another one changed.
 */
export interface ChangeFeed {
  publish(topic: ChangeTopic): void;
  subscribe(topic: ChangeTopic, listener: () => void): void;
  close(): Promise<void>;
}

export function createLocalChangeFeed(): ChangeFeed & { deliver(topic: ChangeTopic): void } {
  const listeners = new Map<ChangeTopic, Set<() => void>>();
  const deliver = (topic: ChangeTopic) => listeners.get(topic)?.forEach((listener) => listener());
  return {
    deliver,
    publish: deliver,
    subscribe(topic, listener) {
      if (!listeners.has(topic)) listeners.set(topic, new Set());
      listeners.get(topic)!.add(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

export async function createPostgresChangeFeed(
  pool: pg.Pool,
  connectionString: string,
  onError: (error: unknown) => void,
): Promise<ChangeFeed> {
  const local = createLocalChangeFeed();
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) local.deliver(message.payload as ChangeTopic);
    });
    client.on('error', (error) => {
      onError(error);
      // While disconnected another instance's change could be missed: drop everything cached.
      local.deliver('jobs');
      local.deliver('applications');
      if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    publish(topic) {
      local.deliver(topic);
      pool.query('select pg_notify($1, $2)', [CHANNEL, topic]).catch(onError);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      await listener?.end().catch(() => undefined);
    },
  };
}
