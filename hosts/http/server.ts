import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { MailService } from '../library/mail-service.ts';
import { createHttpApp } from './app.ts';

export interface RunningServer { server: Server; url: string; stop(): Promise<void> }

/** Serves the app; `stop` finishes in-flight requests, then closes the service (database, mailer). */
export async function startHttpServer(service: MailService, logger: Logger, opts: { port: number; host: string }): Promise<RunningServer> {
  const app = createHttpApp(service, logger);
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  let stopping: Promise<void> | null = null;
  return {
    server,
    url: `http://${shownHost}:${port}/v1`,
    stop: () => (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await service.close();
    })()),
  };
}
