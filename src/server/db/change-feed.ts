import type pg from 'pg';

export type ChangeTopic = 'jobs' | 'applications';

const CHANNEL = 'careers_changes';
const TOPICS: ChangeTopic[] = ['jobs', 'applications'];

/** Pauses between tries to listen again: short at first, then once a second until it works. */
const RECONNECT_FIRST_MS = 100;
export const RECONNECT_MAX_MS = 1000;

/**
 * Tells every server instance that some data changed, so each can drop what it cached. In one
 * process (PGlite) that is a plain callback; on PostgreSQL the change also goes out as a NOTIFY
 * that the other instances LISTEN for, so no instance keeps serving what another one changed.
 */
export interface ChangeFeed {
  publish(topic: ChangeTopic): void;
  subscribe(topic: ChangeTopic, listener: () => void): void;
  /**
   * Whether changes announced by other instances are heard now, and how often the feed has
   * listened again after losing its connection. In one process nothing can be missed.
   */
  status(): { connected: boolean; reconnects: number };
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
    status: () => ({ connected: true, reconnects: 0 }),
    async close() {
      listeners.clear();
    },
  };
}

/**
 * The PostgreSQL feed keeps exactly one connection listening. When it is lost (a restart, a
 * failover, an administrator ending it) the instance tries again, with a growing pause, for as
 * long as it takes; once it listens again it drops everything cached, because the changes other
 * instances announced meanwhile were never heard. `log` gets one line per loss and per recovery.
 */
export async function createPostgresChangeFeed(
  pool: pg.Pool,
  connectionString: string,
  log: (line: string) => void,
): Promise<ChangeFeed> {
  // Loaded here: an embedded (PGlite) server never loads the PostgreSQL driver.
  const { Client } = (await import('pg')).default;
  const local = createLocalChangeFeed();
  /** Every client not yet ended: the listening one, one being opened, or one being closed. */
  const clients = new Set<pg.Client>();
  let listening: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let reconnects = 0;
  let closed = false;

  const end = (client: pg.Client) =>
    client
      .end()
      .catch(() => undefined)
      .finally(() => clients.delete(client));

  /** Connects and listens; rejects (with the client ended) if any step fails. */
  const listen = async (): Promise<pg.Client> => {
    const client = new Client({
      connectionString,
      application_name: 'careers-change-feed',
      // A connection the network silently dropped is noticed, and a connect that hangs gives up.
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    clients.add(client);
    let lost = false;
    // pg reports one loss twice, as `error` and again from its `end` handler: act once.
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      void end(client);
      if (closed || listening !== client) return;
      listening = undefined;
      log(`lost the listening connection (${error?.message ?? 'closed'}); listening again`);
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) local.deliver(message.payload as ChangeTopic);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost = true;
      await end(client);
      throw error;
    }
    if (lost) throw new Error('the connection closed while it started listening');
    return client;
  };

  const scheduleRetry = () => {
    if (closed || retry) return;
    const pause = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures);
    retry = setTimeout(() => {
      void listen().then(
        (client) => {
          retry = undefined;
          if (closed) return void end(client);
          listening = client;
          reconnects++;
          log(`listening again after ${failures + 1} ${failures === 0 ? 'try' : 'tries'}`);
          failures = 0;
          for (const topic of TOPICS) local.deliver(topic);
        },
        (error: unknown) => {
          retry = undefined;
          if (closed) return;
          if (failures === 0) {
            log(
              `cannot listen yet (${error instanceof Error ? error.message : error}); trying until it works`,
            );
          }
          failures++;
          scheduleRetry();
        },
      );
    }, pause);
  };

  listening = await listen();

  return {
    publish(topic) {
      local.deliver(topic);
      pool
        .query('select pg_notify($1, $2)', [CHANNEL, topic])
        .catch((error: unknown) => log(`could not announce a change: ${(error as Error).message}`));
    },
    subscribe: local.subscribe,
    status: () => ({ connected: !closed && listening !== undefined, reconnects }),
    async close() {
      closed = true;
      clearTimeout(retry);
      retry = undefined;
      await local.close();
      await Promise.all([...clients].map(end));
    },
  };
}
