import type { BlendshapeFormat } from '../pipelines/catalogue/exports/formats.js';
import { isRecord, readJson } from '../core/storedJson.js';

/** The blendshapes download a `blendshapes` job makes: GET /avatars/{code}/blendshapes/?fmt=…&lod=…. */
export interface BlendshapeTarget {
  fmt: BlendshapeFormat;
  lod: number;
}

/** jobs.target of a blendshapes job; the same download always has the same text, so one job serves every request for it. */
export function writeBlendshapeTarget(target: BlendshapeTarget): string {
  return JSON.stringify({ fmt: target.fmt, lod: target.lod });
}

export function readBlendshapeTarget(json: string): BlendshapeTarget {
  return readJson(json, 'jobs.target', (v): v is BlendshapeTarget => isRecord(v) && typeof v.fmt === 'string' && typeof v.lod === 'number');
}
