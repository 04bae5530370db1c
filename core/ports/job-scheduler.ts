// Durable jobs (spec: Events — deliveries are retried; host contract: `--jobs`). A job is stored before it runs,
// survives a restart, and runs once even when several processes share the queue.
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobOptions {
  /** How many runs of this job one process may have going at once. */
  concurrency?: number;
  /** A run that holds its lock longer than this is taken to be dead and may run elsewhere. */
  lockLifetimeMs?: number;
}

export interface JobScheduler {
  define(name: string, handler: JobHandler, options?: JobOptions): void;
  /** Stores a run due at once. */
  now(name: string, data?: Record<string, unknown>): Promise<void>;
  /** Stores a run due at `at`. */
  at(name: string, at: Date, data?: Record<string, unknown>): Promise<void>;
  start(): Promise<void>;
  /** Stops taking runs and waits for the ones under way. */
  stop(): Promise<void>;
}
