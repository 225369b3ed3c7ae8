/**
 * The HTTP suites that share one warm server per backend (support/sharedServer.ts). They run together,
 * one process per backend (test/sharedServer.sqlite.ts and test/sharedServer.postgres.ts, through
 * test/sharedServerSuites.ts); test/run.ts runs those two processes instead of these files.
 * A file is listed here when its computing suites take the shared server; its other suites (its own
 * time limit, one worker) keep their own servers and run in the same process.
 */
export const SHARED_SERVER_SUITES = ['exports', 'sameOutput', 'modifications', 'generatedHaircut', 'head', 'computation', 'likeness', 'bodies', 'outfits', 'persona', 'avatarOutfits'];

/** The files that take longest (measured with `npm test`), longest first: the runner starts them first so
 * that its two slots end close together. Any file not listed starts after these, by name. */
export const SLOWEST_FIRST = ['sharedServer.sqlite', 'sharedServer.postgres', 'fleet', 'creator', 'recovery', 'cliRemote', 'outfits.unit', 'haircuts.unit', 'storageOutage', 'clientBrowser', 'missingBlob', 's3Storage', 'client', 'tokenAbuse', 'operations', 'boundedRequests', 'blendshapes.unit', 'textureEdits.unit', 'avatars', 'longHair.unit', 'cli', 'geometryModifications.unit', 'geometry.unit', 'teeth.unit'];
