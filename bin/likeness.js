#!/usr/bin/env node
// The CLI is written in TypeScript and compiled to dist/ by `npm ci` (the prepare script).
import('../dist/src/cli/main.js').then((m) => m.main(process.argv.slice(2)));
