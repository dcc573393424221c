// React chooses its development or production build when it is first loaded, by NODE_ENV. A production server may
// run without NODE_ENV (config.ts counts any real payment provider as production), and `npm start` on the sandbox
// sets none either, so the pages rendered per request (the claim page, the share page, /verify …) were drawn by
// React's development build: slower, and larger in memory. main.ts imports this module first: it loads React's
// server renderer as its production build, then puts NODE_ENV back for config.ts. Only an explicit
// NODE_ENV=development (or test) keeps the development build, with its warnings.
const nodeEnv = process.env.NODE_ENV;
if (nodeEnv === undefined || nodeEnv === 'production') {
  process.env.NODE_ENV = 'production';
  try {
    await import('react');
    await import('react/jsx-runtime');
    await import('react-dom');
    await import('react-dom/server');
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
  }
}

export {};
