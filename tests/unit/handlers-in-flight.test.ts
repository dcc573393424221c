// Shutdown waits for route handlers whose client has hung up (src/server/http/handlers-in-flight.ts): app.close()
// resolves once no connection is left, which is before such a handler has finished.
import Fastify from 'fastify';
import { countHandlersInFlight } from '../../src/server/http/handlers-in-flight.js';

describe('handlers in flight', () => {
  it('app.close() does not wait for a handler whose client hung up; handlersSettled() does', async () => {
    const app = Fastify({ return503OnClosing: true });
    countHandlersInFlight(app);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await gate;
      return { done: true };
    });
    app.get('/callback', (_request, reply) => void reply.send({ done: true }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    expect(await (await fetch(`${url}/callback`)).json()).toEqual({ done: true });
    await app.handlersSettled(); // nothing running: resolves at once

    const client = new AbortController();
    const answer = fetch(`${url}/slow`, { signal: client.signal }).catch(() => 'hung up');
    await running;
    client.abort();
    expect(await answer).toBe('hung up');

    await app.close();
    let settled = false;
    const waiting = app.handlersSettled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false); // the handler is still running after close
    release();
    await waiting;
    expect(settled).toBe(true);
  });

  it('answers as the wrapped async handler does, errors included', async () => {
    const app = Fastify();
    countHandlersInFlight(app);
    app.get('/value', async () => ({ value: 1 }));
    app.get('/reply', async (_request, reply) => reply.code(201).send({ sent: true }));
    app.get('/fails', async () => {
      throw Object.assign(new Error('nope'), { statusCode: 409 });
    });
    const value = await app.inject('/value');
    expect(value.json()).toEqual({ value: 1 });
    const sent = await app.inject('/reply');
    expect([sent.statusCode, sent.json()]).toEqual([201, { sent: true }]);
    const failed = await app.inject('/fails');
    expect([failed.statusCode, failed.json().message]).toEqual([409, 'nope']);
    await app.handlersSettled();
    await app.close();
  });
});
