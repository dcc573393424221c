// Preloaded by bench/claim-alloc.mjs (node --expose-gc --require): on SIGWINCH (a signal the app leaves alone;
// close-with-grace shuts down on SIGUSR2) a full collection, so the bytes allocated before it are all in V8's GC trace
// (--trace-gc-nvp, `allocated=` per collection), then a line saying it is done.
process.on('SIGWINCH', () => {
  global.gc();
  process.stdout.write('GC-MARK\n');
});
