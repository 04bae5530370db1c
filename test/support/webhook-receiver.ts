import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received { headers: IncomingHttpHeaders; body: string; at: number; path: string; answer: Answer }
/** What to answer: a status, or `hang` (never answer, so the sender's timeout fires). */
export type Answer = number | 'hang';

/**
 * A local webhook receiver: records every request and answers from a script (then `fallback`). Tests point an
 * endpoint at `url`, which the service accepts only when `--webhook-allow` lists its origin.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  script: Answer[] = [];
  fallback: Answer = 200;
  private server!: Server;
  private waiters: Array<() => void> = [];
  private hanging = new Set<() => void>();
  url = '';
  origin = '';

  static async start(fallback: Answer = 200): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    r.fallback = fallback;
    await r.listen();
    return r;
  }

  private async listen(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const answer = this.script.length ? this.script.shift()! : this.fallback;
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), path: req.url ?? '/', answer });
        this.waiters.forEach((w) => w());
        if (answer === 'hang') {
          const release = () => res.destroy();
          this.hanging.add(release);
          res.on('close', () => this.hanging.delete(release));
          return;
        }
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    this.origin = `http://127.0.0.1:${actual}`;
    this.url = `${this.origin}/hook`;
  }

  /** Bodies received so far, parsed. */
  events(): Array<{ id: string; type: string; data: Record<string, unknown> }> {
    return this.received.map((r) => JSON.parse(r.body));
  }

  /** Resolves once `n` requests have arrived (real time: the test waits for the service, never sleeps blindly). */
  async waitFor(n: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`receiver got ${this.received.length} of ${n} requests`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
      this.waiters = [];
    }
  }

  async stop(): Promise<void> {
    this.hanging.forEach((release) => release());
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls `check` until it returns a truthy value (for state the service reaches asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
