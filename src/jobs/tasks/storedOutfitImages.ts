import { staticKey } from '../../store/keys.js';
import { outfitImageIdentity, outfitImageName, type OutfitImageKind } from '../../pipelines/exports/outfitImageNames.js';
import { personaItemImages } from '../../pipelines/exports/personaItemImageNames.js';
import type { PersonaOutfitPart } from '../../pipelines/catalogue/index.js';
import type { JobContext } from '../runTask.js';

/**
 * Those of outfit `identity`'s images (`kinds`) that an earlier export or outfit job stored as
 * static files, by file name: what the export and outfit jobs hand a worker thread so that it does
 * not paint them again (ExportInput.staticFiles).
 */
export async function storedOutfitImages(ctx: JobContext, identity: string, kinds: readonly OutfitImageKind[]): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  await Promise.all(kinds.map(async (kind) => {
    const data = await ctx.blobs.get(staticKey(outfitImageIdentity(identity, kind)));
    if (data) files[outfitImageName(identity, kind)] = new Uint8Array(data);
  }));
  return files;
}

/**
 * The images of persona_2.0 outfit `items` (not recoloured) that an earlier export stored as static
 * files at their profile, by file name: ExportInput.staticFiles for a persona export.
 */
export async function storedPersonaItemImages(ctx: JobContext, items: readonly PersonaOutfitPart[]): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  await Promise.all(items.filter((o) => !o.color).flatMap((o) => personaItemImages(o)).map(async (image) => {
    const data = await ctx.blobs.get(staticKey(image.identity));
    if (data) files[image.name] = new Uint8Array(data);
  }));
  return files;
}
