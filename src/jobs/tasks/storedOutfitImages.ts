import { staticKey } from '../../store/keys.js';
import { outfitImageIdentity, outfitImageName, type OutfitImageKind } from '../../pipelines/exports/outfitImageNames.js';
import { outfitFilesItemImages, personaItemImages } from '../../pipelines/exports/personaItemImageNames.js';
import type { PersonaOutfitPart } from '../../pipelines/catalogue/index.js';
import type { JobContext } from '../runTask.js';

/**
 * Those of outfit `identity`'s images (`kinds`) that an earlier export or outfit job stored as
 * static files, by file name: what the export and outfit jobs hand a worker thread so that it does
 * not paint them again (ExportInput.staticFiles).
 */
export function storedOutfitImages(ctx: JobContext, identity: string, kinds: readonly OutfitImageKind[]): Promise<Record<string, Uint8Array>> {
  return storedImages(ctx, kinds.map((kind) => ({ identity: outfitImageIdentity(identity, kind), name: outfitImageName(identity, kind) })));
}

/**
 * What the outfit job for `identity` may take instead of painting: a body_0.3 outfit's texture and
 * mask, or a persona_2.0 item's Color and mask at the outfit endpoints' profile, whichever it is.
 */
export async function storedOutfitJobImages(ctx: JobContext, identity: string): Promise<Record<string, Uint8Array>> {
  return { ...(await storedOutfitImages(ctx, identity, ['color', 'mask'])), ...(await storedImages(ctx, outfitFilesItemImages(identity))) };
}

/**
 * The images of persona_2.0 outfit `items` (not recoloured) that an earlier export stored as static
 * files at their profile, by file name: ExportInput.staticFiles for a persona export.
 */
export function storedPersonaItemImages(ctx: JobContext, items: readonly PersonaOutfitPart[]): Promise<Record<string, Uint8Array>> {
  return storedImages(ctx, items.filter((o) => !o.color).flatMap((o) => personaItemImages(o)));
}

/** Those of `images` stored as static files, by file name. */
export async function storedImages(ctx: JobContext, images: readonly { identity: string; name: string }[]): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  await Promise.all(images.map(async (image) => {
    const data = await ctx.blobs.get(staticKey(image.identity));
    if (data) files[image.name] = new Uint8Array(data);
  }));
  return files;
}
