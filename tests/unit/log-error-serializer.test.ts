// A failed query logged by a job must not carry the values it was given (e-mail addresses, bodies).
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { serializeError } from '../../src/server/http/logging.js';

describe('error serializer', () => {
  it('keeps the SQL text and the cause but drops bound parameters and row detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(ava@example.com) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into outbox (to, body) values ($1, $2)',
      ['ava@example.com', 'secret'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into outbox');
    expect(logged).toContain('23505');
    expect(logged).toContain('params: [redacted]');
    expect(logged).not.toContain('ava@example.com');
    expect(logged).not.toContain('secret');
  });

  it('passes through values that are not errors', () => {
    expect(serializeError('plain')).toBe('plain');
  });
});
