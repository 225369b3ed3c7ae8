import { isRecord, readJson } from '../core/storedJson.js';

/** The outfit an `outfit` job makes the files of, for its avatar: GET /avatars/{code}/outfits/{identity}/…. */
export interface OutfitTarget {
  identity: string;
}

/** jobs.target of an outfit job; the same outfit always has the same text, so one job serves every request for it. */
export function writeOutfitTarget(target: OutfitTarget): string {
  return JSON.stringify({ identity: target.identity });
}

export function readOutfitTarget(json: string): OutfitTarget {
  return readJson(json, 'jobs.target', (v): v is OutfitTarget => isRecord(v) && typeof v.identity === 'string');
}
