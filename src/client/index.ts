/**
 * likeness/client: the typed client of the Likeness API, for Node 20+ and browsers (fetch only).
 * In Node, `likeness/client` also takes file paths and writes files (node.ts).
 */
export { Likeness, type LikenessOptions, type CreateAvatarInput, type CreateExportOptions } from './likeness.js';
export * from './errors.js';
export type * from './types.js';
export type { Progress, WaitOptions } from './wait.js';
export type { RetryOptions } from './retry.js';
export type { RetryInfo } from './http.js';
export type { PhotoSource } from './photo.js';
export type { DownloadedFile } from './download.js';
export type { paths, components } from './openapi.js';
