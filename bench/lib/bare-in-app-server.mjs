// The bare claim server (bare-claim-server.mjs) inside a process that also runs the whole built app, started as
// production starts it (jobs, log writer, metrics, load shedding) on APP_PORT and left idle: for
// bench/claim-in-app.mjs, which asks whether the app's process slows a request path that is not the app's own.
// Started by http-bench.mjs startProcess with the app's environment (server.mjs serverEnv) and the bare server's.
import { untilAnswering } from './server.mjs';

process.env.PORT = process.env.APP_PORT;
await import('../../dist/node/server/main.js');
await untilAnswering(undefined, `http://127.0.0.1:${process.env.APP_PORT}/api/health`, 60, 'the app');
// The bare server listens on a free port of its own and reports it (bare-serve.mjs).
delete process.env.PORT;
await import('./bare-claim-server.mjs');
