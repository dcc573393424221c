// Started exactly as the README's "Switching to Stripe" section says (no NODE_ENV), the server is production:
// /admin/setup asks for the setup code printed in its log, fault injection (HUSHGIFT_FAULT) is off, and there is no
// dev mailbox nor sandbox page. No network is needed to start: the Stripe adapter calls Stripe only for work.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, type RunningServer } from './helpers/server.js';
import { waitUntil } from './helpers/processes.js';

/** The environment the README's Stripe command sets, read from the README itself. */
function readmeStripeEnv(): Record<string, string> {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.split('### Switching to Stripe')[1]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!.replace(/\\\n/g, ' ');
  expect(block).toMatch(/npm start\s*$/);
  const env: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/([A-Z_]+)=(\S+)/g)) env[name!] = value!;
  return env;
}

describe('a server started as the README says for Stripe', () => {
  let server: RunningServer;
  const env = readmeStripeEnv();
  beforeAll(async () => {
    expect(env.PAYMENT_PROVIDER).toBe('stripe');
    expect(env).not.toHaveProperty('NODE_ENV');
    // The fault switch set as a test would: it must be ignored here.
    server = await startServer({ ...env, HUSHGIFT_FAULT: 'after-transfer' });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('asks for the setup code printed in its log, and ignores the fault switch', async () => {
    await waitUntil(async () => /Admin setup code: /.test(server.output()), 'the setup code in the log', 15_000);
    const code = /Admin setup code: (\S+)/.exec(server.output())![1]!;
    expect(server.output()).toContain('HUSHGIFT_FAULT ignored');
    expect(server.output()).not.toContain('Fault injection armed');

    const needed = (await (await fetch(`${server.url}/api/admin/setup-needed`)).json()) as object;
    expect(needed).toEqual({ setupNeeded: true, setupCodeRequired: true });
    const admin = {
      email: 'owner.production@example.com',
      password: 'a long and unusual passphrase 7319',
      firstName: 'Olive',
      lastName: 'Owner',
    };
    const post = (body: object) =>
      fetch(`${server.url}/api/admin/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(admin)).status).toBe(403);
    expect((await post({ ...admin, setupCode: 'not-the-code-1234' })).status).toBe(403);
    expect((await post({ ...admin, setupCode: code })).status).toBe(201);
  });

  it('serves no dev mailbox and no sandbox page', async () => {
    for (const p of ['/dev/mailbox', '/api/dev/emails', '/sandbox/console', '/sandbox/checkout/x']) {
      expect((await fetch(`${server.url}${p}`)).status, p).toBe(404);
    }
  });
});
