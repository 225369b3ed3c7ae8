import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Avatar, Export } from '../../client/index.js';
import type { Likeness } from '../../client/node.js';
import { UsageError } from './exitCodes.js';
import type { Output } from './output.js';
import { parametersFrom } from './parameters.js';

export interface CreateFlags {
  pipeline: string;
  subtype?: string;
  name?: string;
  description?: string;
  param: string[];
  parameters?: string;
  export?: string;
  exportParam: string[];
  out: string;
  download: boolean;
  timeout?: string;
}

const EXPORT_FORMATS = ['glb', 'gltf', 'fbx'];

export function timeoutMs(flags: { timeout?: string }): number | undefined {
  if (flags.timeout === undefined) return undefined;
  const seconds = Number(flags.timeout);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout: "${flags.timeout}" is not a number of seconds`);
  return seconds * 1000;
}

/** Export parameters from --export and --export-param; undefined when neither is given. */
export async function exportParametersFrom(flags: { export?: string; exportParam: string[] }): Promise<Record<string, unknown> | undefined> {
  if (flags.export !== undefined && !EXPORT_FORMATS.includes(flags.export)) throw new UsageError(`--export must be one of ${EXPORT_FORMATS.join(', ')}, got "${flags.export}"`);
  const params = await parametersFrom(undefined, flags.exportParam, '--export-param');
  if (flags.export === undefined && !params) return undefined;
  return { ...(flags.export ? { format: flags.export } : {}), ...params };
}

/** Waits for an export with a progress view, then writes its files (unzipped) into `out`. */
export async function finishExport(likeness: Likeness, exp: Export, out: string, output: Output, timeout?: number): Promise<{ export: Export; files: string[] }> {
  const view = output.progress('export');
  let finished: Export;
  try {
    finished = await likeness.waitForExport(exp.avatar_code!, exp.code!, { onProgress: (p) => view.update(p), timeoutMs: timeout });
  } finally {
    view.stop();
  }
  const files = await likeness.downloadExportTo(finished, resolve(out), { unzip: true });
  return { export: finished, files };
}

/**
 * `likeness avatar create PHOTO`: the avatar, waited for with a live bar, then an export of it
 * downloaded into --out. Pipelines without exports (animated_face) download their mesh instead.
 */
export async function createAvatar(likeness: Likeness, photo: string, flags: CreateFlags, output: Output): Promise<void> {
  const timeout = timeoutMs(flags);
  await access(resolve(photo), constants.R_OK).catch((err: Error) => {
    throw new UsageError(`cannot read the photo ${photo}: ${err.message}`);
  });
  const parameters = await parametersFrom(flags.parameters, flags.param, '--param');
  // --export defaults to glb, so there are always export parameters.
  const exportParameters = await exportParametersFrom(flags);
  const created = await likeness.createAvatar({
    photo: resolve(photo),
    pipeline: flags.pipeline as 'head_1.2',
    pipelineSubtype: flags.subtype,
    name: flags.name ?? photo.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, ''),
    description: flags.description,
    // Checked by the server, which names each mistake; the CLI passes them on as written.
    parameters: parameters as never,
  });
  const view = output.progress('avatar');
  let avatar: Avatar;
  try {
    avatar = await likeness.waitForAvatar(created.code!, { onProgress: (p) => view.update(p), timeoutMs: timeout });
  } finally {
    view.stop();
  }
  if (!flags.download) {
    output.result({ avatar, export: null, files: [] }, () => `${output.bold('avatar')} ${avatar.code} Completed`);
    return;
  }
  let files: string[];
  let exp: Export | null = null;
  if (avatar.pipeline === 'animated_face') {
    files = await likeness.downloadTo(avatar.mesh!, resolve(flags.out), { unzip: true });
  } else {
    const created = await likeness.createExport(avatar.code!, exportParameters as never);
    const done = await finishExport(likeness, created, flags.out, output, timeout);
    exp = done.export;
    files = done.files;
  }
  output.result({ avatar, export: exp, files }, () => [`${output.bold('avatar')} ${avatar.code} Completed`, ...(exp ? [`${output.bold('export')} ${exp.code} Completed`] : []), 'wrote:', ...files.map((f) => `  ${f}`)].join('\n'));
}

export function avatarLine(a: Avatar): string {
  return [a.code, (a.status ?? '').padEnd(9), `${String(a.progress ?? 0).padStart(3)}%`, `${a.pipeline} ${a.pipeline_subtype}`.padEnd(22), a.created_on, a.name].join('  ');
}

export function avatarText(a: Avatar, output: Output): string {
  const rows: Array<[string, unknown]> = [
    ['code', a.code],
    ['name', a.name],
    ['status', a.status],
    ['progress', `${a.progress}%`],
    ['pipeline', `${a.pipeline} ${a.pipeline_subtype}`],
    ['created_on', a.created_on],
    ['player', a.player ?? '-'],
    ...(a.failure_reason ? [['failure_reason', a.failure_reason] as [string, unknown]] : []),
    ['url', a.url],
  ];
  return rows.map(([k, v]) => `${output.dim(k.padEnd(15))}${v}`).join('\n');
}

/** At most `limit` items of a list that is read page after page. */
export async function take<T>(items: AsyncIterable<T>, limit: number | undefined): Promise<T[]> {
  const out: T[] = [];
  if (limit === 0) return out;
  for await (const item of items) {
    out.push(item);
    if (limit !== undefined && out.length >= limit) break;
  }
  return out;
}
