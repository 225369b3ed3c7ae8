/**
 * The HTTP suites that share one warm server per backend (support/sharedServer.ts). They run together
 * in one process, test/sharedServerSuites.ts; test/run.ts runs that process instead of these files.
 * A file is listed here when its computing suites take the shared server; its other suites (its own
 * time limit, one worker) keep their own servers and run in the same process.
 */
export const SHARED_SERVER_SUITES = ['exports', 'sameOutput', 'modifications', 'generatedHaircut', 'head', 'computation', 'likeness', 'bodies'];

/** The files that take longest (measured with `npm test`), longest first: the runner starts them first so
 * that its two slots end close together. Any file not listed starts after these, by name. */
export const SLOWEST_FIRST = ['sharedServerSuites', 'fleet', 'cliRemote', 'recovery', 's3Storage', 'client', 'haircuts.unit', 'blendshapes.unit', 'geometryModifications.unit', 'textureEdits.unit', 'analysis.unit', 'geometry.unit', 'hairCurtain.unit', 'removals.unit'];
