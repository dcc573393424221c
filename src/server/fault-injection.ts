// Test-only fault injection: HUSHGIFT_FAULT=<point> kills the process abruptly (SIGKILL, no cleanup) when it
// reaches that point, to prove that crash reconciliation finishes interrupted money movements exactly once.
// Honoured only in development (the sandbox provider outside production): never where real money moves.
import { isDevelopment, type Config } from './config.js';

export type FaultPoint = 'after-transfer' | 'after-refund';

type FaultConfig = Pick<Config, 'isProduction' | 'paymentProvider'>;

/** The point HUSHGIFT_FAULT arms, if this configuration honours it. */
export function armedFault(config: FaultConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return isDevelopment(config) ? env.HUSHGIFT_FAULT || undefined : undefined;
}

/** For the start-up log: what HUSHGIFT_FAULT does here, when it is set. */
export function faultInjectionNotice(config: FaultConfig, env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.HUSHGIFT_FAULT) return null;
  return armedFault(config, env)
    ? `Fault injection armed: HUSHGIFT_FAULT=${env.HUSHGIFT_FAULT} (development only)`
    : 'HUSHGIFT_FAULT ignored: fault injection exists only with the sandbox provider outside production';
}

export function faultPoint(config: FaultConfig, point: FaultPoint): void {
  if (armedFault(config) === point) process.kill(process.pid, 'SIGKILL');
}
