// A DIGEST_SECRET for tests that load a production configuration (config.ts requires one of 32+ characters there).
export const PRODUCTION_DIGEST_SECRET = 'digest-secret-of-at-least-32-characters';
