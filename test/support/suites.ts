/**
 * The HTTP suites that share one warm server per backend (support/sharedServer.ts). They run together
 * in one process, test/sharedServerSuites.ts; test/run.ts runs that process instead of these files.
 * A file is listed here when its computing suites take the shared server; its other suites (its own
 * time limit, one worker) keep their own servers and run in the same process.
 */
export const SHARED_SERVER_SUITES = ['exports', 'sameOutput', 'modifications', 'generatedHaircut', 'head', 'computation'];

/** The slowest files (a minute or more of work each on this machine), started first so that the two
 * slots of the runner end close together. Any file not listed runs after these. */
export const SLOWEST_FIRST = ['sharedServerSuites', 'recovery', 'haircuts.unit', 'blendshapes.unit', 'geometryModifications.unit', 'cli', 'textureEdits.unit', 'analysis.unit', 'geometry.unit', 'hairCurtain.unit'];
