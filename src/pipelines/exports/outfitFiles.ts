import { bodyVisibilityMask } from '../../assets/outfits/index.js';
import type { Image } from '../../core/image.js';
import { computeNormals } from '../../geometry/index.js';
import type { SceneImage, SceneMesh } from '../../formats/scene.js';
import { decodeRgb } from '../../texture/index.js';
import { personaOutfitByIdentity } from '../../library/outfits/personaOutfits.js';
import type { ExportPartOptions, PersonaOutfitPart } from '../catalogue/index.js';
import { meshZips } from '../avatarModelFiles.js';
import { renderDressedPreview } from '../body/bodyPreview.js';
import { PipelineFailure } from '../failure.js';
import { avatarFiles } from '../files.js';
import { exportedBody, storedBodyAvatar } from './bodyScene.js';
import { exportedOutfit } from './outfitMesh.js';
import { personaOutfitItems } from './personaOutfits.js';
import { OUTFIT_FILES_TEXTURES, personaStaticIdentity } from './personaItemImageNames.js';
import type { OutfitFilesInput, OutfitFilesOutput, StaticFileOutput } from './types.js';

/** Side of the atlas the preview paints the body with, and of the mask that cuts it. */
const PREVIEW_ATLAS = 1024;

/** The options an export's `outfits` section would resolve to for these files: the outfit's own images, unresized, with its mask. */
const BODY_OUTFIT: ExportPartOptions = {
  format: 'glb', embed: true, embedTextures: false, pointclouds: false, textureSize: null, lod: 0, additionalTextures: ['body_visibility_mask'],
};

/** A static file as exports name them: the file name without its extension, and the profile for persona's (personaBuild.ts). */
function staticImage(image: SceneImage, profile?: string): StaticFileOutput {
  const identity = profile ? personaStaticIdentity(image.name, profile) : image.name.replace(/\.[a-z]+$/, '');
  return { identity, name: image.name, contentType: image.mimeType, data: image.data };
}

async function preview(input: OutfitFilesInput, fused: Parameters<typeof renderDressedPreview>[0], part: SceneMesh, color: SceneImage, hidden: Image): Promise<Uint8Array> {
  const model = input.files[avatarFiles.texture('model', 'jpg')];
  if (!model) throw new PipelineFailure('The avatar has no texture to draw its preview with.');
  if (!part.skin) throw new Error(`the outfit ${input.identity} is not skinned`);
  const png = await renderDressedPreview(fused, await decodeRgb(model, PREVIEW_ATLAS), { mesh: part.mesh, skin: part.skin, texture: await decodeRgb(color.data, 1024) }, hidden);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** The files of the mesh: normals for the PLY when the fitted mesh has none. */
function zips(part: SceneMesh, identity: string) {
  const mesh = part.mesh.normals ? part.mesh : computeNormals(part.mesh);
  return meshZips(mesh, { mesh: 'outfit.ply', comment: `Likeness outfit ${identity}, fitted to this avatar` });
}

/**
 * body_0.3: the outfit fitted to the avatar's body at LOD0 (as an export with it fits it, at the
 * spec's size), its colour texture and its body visibility mask (the avatar's texture layout), and
 * the avatar wearing it.
 */
export async function bodyOutfitFiles(input: OutfitFilesInput): Promise<OutfitFilesOutput> {
  const avatar = storedBodyAvatar(input.files);
  const body = await exportedBody(avatar, new Map(), new Map(), null, 0);
  const outfit = await exportedOutfit(input.identity, body.fused, body.mesh.positions, BODY_OUTFIT, [], input.staticFiles);
  const color = outfit.part.material?.baseColorTexture;
  const mask = outfit.extras.find((e) => e.name.endsWith(`_body_visibility_mask.png`));
  if (!color || !mask) throw new Error(`the outfit ${input.identity} has no colour texture or no mask`);
  // The preview cuts the body where the export's `apply_visibility_masks` would: the covered faces
  // less the ring along each hem, where an opening lets the eye reach under the cloth (hiddenFaces).
  const hidden = inAtlas(bodyVisibilityMask(outfit.fitted, PREVIEW_ATLAS, 'body'), PREVIEW_ATLAS);
  return {
    ...zips(outfit.part, input.identity),
    preview: await preview(input, body.fused, outfit.part, color, hidden),
    texture: staticImage(color),
    bodyVisibilityMask: staticImage(mask),
  };
}

/**
 * persona_2.0: the item fitted to the avatar's body (LOD1, the export's default), its `Color` and
 * `body_visibility_mask` (AvatarBody's layout) at 2K, as an export's static files, and the avatar
 * wearing it.
 */
export async function personaOutfitFiles(input: OutfitFilesInput): Promise<OutfitFilesOutput> {
  const known = personaOutfitByIdentity(input.identity);
  if (!known) throw new PipelineFailure(`Unknown outfit "${input.identity}".`);
  const avatar = storedBodyAvatar(input.files);
  const body = await exportedBody(avatar, new Map(), new Map(), null, 1, undefined, 'persona');
  const item: PersonaOutfitPart = {
    section: known.set === 'persona' ? 'outfits' : known.set, identity: input.identity, applyVisibilityMasks: true, color: null,
    format: 'glb', embed: true, lod: 'LOD1', textures: OUTFIT_FILES_TEXTURES,
  };
  const [dressed] = await personaOutfitItems([item], body.fused, body.fusedPositions, [], input.staticFiles);
  const color = dressed.images.get('Color'), mask = dressed.images.get('body_visibility_mask');
  if (!color || !mask) throw new Error(`the outfit ${input.identity} has no Color or no body_visibility_mask`);
  return {
    ...zips(dressed.part, input.identity),
    preview: await preview(input, body.fused, dressed.part, color, inAtlas(dressed.hidden, PREVIEW_ATLAS)),
    texture: staticImage(color, OUTFIT_FILES_TEXTURES.profile),
    bodyVisibilityMask: staticImage(mask, OUTFIT_FILES_TEXTURES.profile),
  };
}

/** A one-channel mask in AvatarBody's layout (the atlas' lower half as a whole image) placed in the atlas, head visible. */
function inAtlas(hidden: Image, side: number): Image {
  const data = new Uint8Array(side * side).fill(255);
  const half = side / 2;
  for (let y = 0; y < half; y++) {
    const sy = Math.min(hidden.height - 1, Math.floor(((y + 0.5) / half) * hidden.height));
    for (let x = 0; x < side; x++) {
      const sx = Math.min(hidden.width - 1, Math.floor(((x + 0.5) / side) * hidden.width));
      data[(half + y) * side + x] = hidden.data[(sy * hidden.width + sx) * hidden.channels + hidden.channels - 1];
    }
  }
  return { width: side, height: side, channels: 1, data };
}
