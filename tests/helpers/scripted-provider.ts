// Wraps a payment provider so a test can script its money calls: make the next calls fail, or hold a call at the
// provider until the test lets it go (to run something else while a transfer or refund is in flight). Every call
// still goes to the real adapter underneath, so the money really moves in the sandbox's tables.
import type { PaymentProvider } from '../../src/server/payments/provider.js';

const SCRIPTED = [
  'createTransfer',
  'createRefund',
  'findTransfer',
  'findRefund',
  'findCharge',
  'retrieveAccount',
] as const;
export type ScriptedMethod = (typeof SCRIPTED)[number];

interface Hold {
  reached: Promise<void>;
  release(): void;
}

export class ProviderScript {
  readonly calls: Array<{ method: ScriptedMethod; args: unknown[] }> = [];
  private readonly failures = new Map<ScriptedMethod, Error[]>();
  private readonly holds = new Map<ScriptedMethod, { reached(): void; released: Promise<void> }>();

  /** The next `times` calls of the method throw this error (after being recorded). */
  fail(method: ScriptedMethod, error: Error, times = 1): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...Array<Error>(times).fill(error)]);
  }

  /** The next call of the method waits at the provider until release(); `reached` resolves when it arrives. */
  hold(method: ScriptedMethod): Hold {
    let reached!: () => void;
    let release!: () => void;
    const reachedP = new Promise<void>((r) => (reached = r));
    const released = new Promise<void>((r) => (release = r));
    this.holds.set(method, { reached, released });
    return { reached: reachedP, release };
  }

  count(method: ScriptedMethod): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async before(method: ScriptedMethod, args: unknown[]): Promise<void> {
    this.calls.push({ method, args });
    const hold = this.holds.get(method);
    if (hold) {
      this.holds.delete(method);
      hold.reached();
      await hold.released;
    }
    const error = this.failures.get(method)?.shift();
    if (error) throw error;
  }
}

export type ScriptedProvider = PaymentProvider & { script: ProviderScript };

export function scripted(inner: PaymentProvider): ScriptedProvider {
  const script = new ProviderScript();
  const wrapped = Object.create(inner) as ScriptedProvider;
  wrapped.script = script;
  for (const method of SCRIPTED) {
    const original = (inner[method] as (...args: unknown[]) => Promise<unknown>).bind(inner);
    (wrapped as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      await script.before(method, args);
      return original(...args);
    };
  }
  return wrapped;
}
