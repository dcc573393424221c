// The sweep of PostgreSQL test databases left by a crashed run: only this host's, only when their process is gone.
import os from 'node:os';
import { createHash } from 'node:crypto';
import { isLeftover } from '../helpers/databases.js';

const host = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);
const otherHost = host === 'abcdef' ? '123456' : 'abcdef';

describe('leftover test databases', () => {
  it('drops one of this host whose creating process is gone, keeps one whose process runs', () => {
    expect(isLeftover(`hg_t_${host}_4242_lq3k2a_a1b2c3`, Date.now(), () => false)).toBe(true);
    expect(isLeftover(`hg_t_${host}_4242_lq3k2a_a1b2c3`, Date.now(), () => true)).toBe(false);
  });

  it("never drops another host's database, or one that is not a test database", () => {
    expect(isLeftover(`hg_t_${otherHost}_4242_lq3k2a_a1b2c3`, Date.now(), () => false)).toBe(false);
    expect(isLeftover('hushgift_ci_1700000000_42', Date.now(), () => false)).toBe(false);
  });

  it('drops an old-style name only once it is six hours old', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const name = (at: number) => `hg_t_${at.toString(36)}_a1b2c3d4`;
    expect(isLeftover(name(now - 7 * 3600_000), now)).toBe(true);
    expect(isLeftover(name(now - 5 * 3600_000), now)).toBe(false);
  });
});
