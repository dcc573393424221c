// The money simulation (tests/simulation/money-simulation.ts) on each engine: a few hundred gifts through every
// story, outages, lost answers, duplicate webhooks and a database restore; every invariant must hold at the end.
// The seed is printed; SIMULATION_SEED=<n> replays a run exactly, SIMULATION_GIFTS=<n> changes its size.
import { SandboxProvider } from '../../src/server/payments/sandbox/provider.js';
import { simulateMoney } from '../simulation/money-simulation.js';
import { simulatedProvider, type SimulatedProvider } from '../simulation/simulated-provider.js';
import { describeEachEngine } from '../helpers/test-app.js';

const seed = Number(process.env.SIMULATION_SEED ?? 20261122);
const giftCount = Number(process.env.SIMULATION_GIFTS ?? 200);

describeEachEngine(
  'money simulation',
  (ctx) => {
    it(`settles ${giftCount} gifts with every invariant holding (seed ${seed})`, { timeout: 600_000 }, async () => {
      const figures = await simulateMoney(ctx(), ctx().deps.payments as SimulatedProvider, {
        gifts: giftCount,
        seed,
      });
      console.log(`money simulation [${ctx().engine}]: ${JSON.stringify(figures)}`);
      expect(figures.violations).toEqual([]);
      // The run did what it claims: every story, faults of each kind, and the restore.
      expect(Object.values(figures.stories).every((n) => n > 0)).toBe(true);
      expect(figures.outages).toBeGreaterThan(0);
      expect(figures.outageErrors).toBeGreaterThan(0);
      expect(figures.lostAnswers).toBe(figures.stories['answer-lost']);
      expect(figures.refused).toBe(figures.stories.refused);
      expect(figures.duplicateEvents).toBeGreaterThan(0);
      expect(figures.restores).toBe(1);
      // Money that had already moved was found by the reconciler's look-up, never moved again under a key the
      // provider had forgotten (that would be a second payout or refund, and a violation above).
      expect(figures.foundMoved).toBeGreaterThan(figures.lostAnswers);
      expect(figures.forgottenKeys).toBe(0);
    });
  },
  {
    payments: ({ db, clock, config }) =>
      simulatedProvider(new SandboxProvider({ db, clock, publicUrl: config.publicUrl }), db, clock),
  },
);
