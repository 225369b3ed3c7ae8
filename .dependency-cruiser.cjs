/**
 * The one-way dependency graph of src/ (docs/architecture.md), checked by `npm run check:deps`.
 *
 *   cli → service → jobs → pipelines → assets → (texture, render) → geometry → analysis → formats → library → core
 *   store: used by cli, service and jobs only; it uses nothing of ours but core.
 *   client (likeness/client): used by cli only; it uses nothing of ours at all, since it ships to browsers.
 *
 * A layer may import any layer below it, never one above it or beside it. It runs on the compiled
 * JavaScript (`depcruise dist/src`), so `import type` does not count: a type costs nothing at run time.
 *
 * Dynamic `import()` is left out of the graph: it is how a pipeline loads its computation only when a
 * worker runs it, so it is not part of what importing a module loads (the question "does the service
 * load geometry?" is about static imports). Every module loaded that way is cruised on its own, so its
 * static imports are still held to the layers.
 */

/** Top to bottom; layers in one inner array sit side by side and must not import each other. */
const LAYERS = [['cli'], ['client', 'service'], ['jobs'], ['pipelines'], ['assets'], ['texture', 'render'], ['geometry'], ['analysis'], ['formats'], ['library'], ['core']];
const STORE_USERS = ['cli', 'service', 'jobs'];
/** What the HTTP process must never load, directly or through anything it imports. */
const COMPUTATION = ['geometry', 'texture', 'assets', 'render', 'analysis'];

const folder = (names) => `^(dist/)?src/(${names.join('|')})/`;
const known = [...LAYERS.flat(), 'store'];

const layerRules = LAYERS.flatMap((level, rank) =>
  level.map((layer) => {
    const above = LAYERS.slice(0, rank).flat();
    const beside = level.filter((other) => other !== layer);
    const forbiddenFolders = [...above, ...beside, ...(STORE_USERS.includes(layer) ? [] : ['store'])];
    return {
      name: `${layer}-imports-only-below`,
      comment: `${layer} may import only the layers below it${beside.length ? `, not ${beside.join(', ')} beside it` : ''}${STORE_USERS.includes(layer) ? '' : ', and not store'}.`,
      severity: 'error',
      from: { path: folder([layer]) },
      to: { path: folder(forbiddenFolders) },
    };
  }),
);

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'client-imports-nothing-of-ours',
      comment: 'likeness/client runs in browsers and in programs that are not the server: it imports no other layer.',
      severity: 'error',
      from: { path: folder(['client']) },
      to: { path: '^(dist/)?src/', pathNot: folder(['client']) },
    },
    {
      name: 'client-browser-path-has-no-node',
      comment: 'Browsers load likeness/client from client/index.js: nothing it reaches may import a node: module (those live in client/node.ts).',
      severity: 'error',
      from: { path: '^(dist/)?src/client/', pathNot: '^(dist/)?src/client/node\\.' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'store-imports-only-core',
      comment: 'store is the persistence layer: it uses nothing of ours but core.',
      severity: 'error',
      from: { path: folder(['store']) },
      to: { path: '^(dist/)?src/', pathNot: folder(['store', 'core']) },
    },
    {
      name: 'service-never-computes',
      comment: 'The HTTP process reads, stores and queues; loading it must not load computation, not even through pipelines or jobs.',
      severity: 'error',
      from: { path: folder(['service']) },
      to: { path: folder(COMPUTATION), reachable: true },
    },
    {
      name: 'no-circular',
      comment: 'Modules must not import each other in a circle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unknown-layer',
      comment: `Every folder of src/ has a place in the graph above (${known.join(', ')}): add a new one there first.`,
      severity: 'error',
      from: { path: '^(dist/)?src/', pathNot: folder(known) },
      to: { path: '^(dist/)?src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { dynamic: true },
    moduleSystems: ['es6'],
    reporterOptions: { text: { highlightFocused: false } },
  },
};
