/**
 * Imported by every benchmark that starts `likeness serve` or a worker, so that they are measured as
 * production runs: computation threads build every head template at start (LIKENESS_WARM_UP=1),
 * where the test suite's processes build them on first use (testProcessEnv, test/support/process.ts,
 * reads the variable when it spawns one). A value set by hand stays.
 */
process.env.LIKENESS_WARM_UP ??= '1';

export {};
