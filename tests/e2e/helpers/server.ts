// Starts the real built server (dist/) on a random port with a fresh data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
  /** Stops and deletes the data directory. */
  dispose(): Promise<void>;
}

/** A listening socket on a port the system chose, to hand to a server process (LISTEN_FD). */
async function listeningSocket(): Promise<{ port: number; fd: number; close(): void }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  // Node exposes the descriptor of a listening socket only on its handle.
  const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
  return { port: (server.address() as net.AddressInfo).port, fd, close: () => server.close() };
}

/**
 * Spawns dist/node/server/main.js on the data directory, collecting what it prints. The port is bound here once
 * and the listening socket passed on as descriptor 3 (LISTEN_FD), so no other process can take it in between.
 */
export async function spawnBuiltServer(
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string; port: number }> {
  const socket = await listeningSocket();
  let out = '';
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      PATH: process.env.PATH,
      LISTEN_FD: '3',
      PORT: String(socket.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${socket.port}`,
      LOG_LEVEL: 'warn',
      // Every request comes from one address here; the per-client limit on gift starts has its own API test.
      GIFT_STARTS_PER_CLIENT: '100000',
      CLAIM_STARTS_PER_CLIENT: '100000',
      // The same address pays and claims every gift here, which the risk rules would hold as self-gifting or count
      // as one payer (decision 024); their own tests set them (tests/api/risk-*.test.ts, e2e/risk-review).
      RISK_SAME_CLIENT_CLAIM_HOURS: '0',
      RISK_VELOCITY_GIFTS: '100000',
      RISK_VELOCITY_CENTS: '1000000000',
      RISK_FAILED_PAYMENTS_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', socket.fd],
  });
  // The child holds its own copy of the socket now; this process must not accept on it.
  socket.close();
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out, port: socket.port };
}

export async function startServer(
  env: Record<string, string> = {},
  reuse?: { dataDir: string },
): Promise<RunningServer> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hg-e2e-'));
  const { child, output, port } = await spawnBuiltServer(dataDir, { OUTBOX_INTERVAL_MS: '250', ...env });
  const url = `http://localhost:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return {
    url,
    port,
    dataDir,
    process: child,
    output,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Newest-first e-mails from the dev mailbox API, waiting until one matches. */
export async function waitForEmail(
  baseUrl: string,
  to: string,
  match: (e: { id: number; subject: string; text: string }) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<{ id: number; to: string; subject: string; text: string; html: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/emails?to=${encodeURIComponent(to)}`);
    const list = (await res.json()) as Array<{
      id: number;
      to: string;
      subject: string;
      text: string;
      html: string | null;
    }>;
    const hit = list.find(match);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
