// Every benchmark ends by checking its targets: it prints each target with the measured figure and whether it is
// met, and exits non-zero when any is missed, so a missed target can never read as a pass.
export function checkTargets(name, targets) {
  const rows = targets.map((t) => ({ target: t.what, measured: t.measured, met: t.met ? 'yes' : 'MISSED' }));
  console.log(`\n${name}: targets`);
  console.table(rows);
  const missed = targets.filter((t) => !t.met);
  if (missed.length) {
    console.error(
      `${name}: ${missed.length} of ${targets.length} targets MISSED: ${missed.map((t) => t.what).join('; ')}`,
    );
    process.exitCode = 1;
  } else {
    console.log(`${name}: all ${targets.length} targets met`);
  }
  return missed.map((t) => t.what);
}
