import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type TlsHandler = (host: string, path: string) => Promise<{ status: number; body: string; headers?: Record<string, string> }>;

/**
 * A local HTTPS server for custom-host checks, with a self-signed certificate made by `openssl` for the names a
 * test asks for (wildcards allowed). `ca` is the certificate to trust; `handle` is set per test.
 */
export class TestTlsServer {
  handle: TlsHandler = async () => ({ status: 404, body: 'not found' });
  private constructor(private readonly server: Server, readonly port: number, readonly ca: string) {}

  static async start(names: string[]): Promise<TestTlsServer> {
    const dir = mkdtempSync(join(tmpdir(), 'wm-tls-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${names[0]}`,
      '-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`, '-addext', 'basicConstraints=critical,CA:TRUE',
    ], { stdio: 'ignore' });
    const ca = readFileSync(cert, 'utf8');
    let self: TestTlsServer | null = null;
    const server = createServer({ key: readFileSync(key), cert: ca }, (req, res) => {
      const host = String(req.headers.host ?? '').replace(/:\d+$/, '');
      self!.handle(host, req.url ?? '/').then(
        ({ status, body, headers }) => { res.writeHead(status, { 'content-type': 'text/plain', ...headers }); res.end(body); },
        () => { res.writeHead(500); res.end(); },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new TestTlsServer(server, (server.address() as { port: number }).port, ca);
    return self;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
