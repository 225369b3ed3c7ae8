// The export context is the catalogue's (catalogue/exports/context.ts); kept here for the callers of its old path.
export { exportContext, type AvatarAssets } from '../catalogue/exports/context.js';
