// Test-only fault injection: HUSHGIFT_FAULT=<point> kills the process abruptly (SIGKILL, no cleanup) when it
// reaches that point, to prove that crash reconciliation finishes interrupted money movements exactly once.
// Never active in production.
export type FaultPoint = 'after-transfer' | 'after-refund';

export function faultPoint(point: FaultPoint): void {
  if (process.env.HUSHGIFT_FAULT === point && process.env.NODE_ENV !== 'production') {
    process.kill(process.pid, 'SIGKILL');
  }
}
