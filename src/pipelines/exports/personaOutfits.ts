import { bodySkeleton, bodySkinWeights, solveBodyShape, type FusedAvatar } from '../../assets/body/index.js';
import { bodyVisibilityMask, fitOutfit, paintOutfit, type FittedOutfit, type OutfitMaps } from '../../assets/outfits/index.js';
import type { Image } from '../../core/image.js';
import { encodeProfile, type ProfileFormat } from '../../formats/image.js';
import type { SceneImage, SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { personaOutfitByIdentity } from '../../library/outfits/personaOutfits.js';
import { recolorRegion } from '../../texture/index.js';
import type { PersonaOutfitPart } from '../catalogue/index.js';
import { PipelineFailure } from '../failure.js';
import { fittedOutfitMorphs, fusedBody } from './outfitMesh.js';
import { partMaterial, partTextures, profileSide } from './personaTextures.js';
import { personaImageFormat, personaImageName, personaItemImages } from './personaItemImageNames.js';
import type { StaticFileOutput } from './types.js';

/** An item's maps are painted at most this size (the spec: most outfit textures are 4096²). */
const OUTFIT_SIDE = 4096;
const MIME: Record<ProfileFormat, SceneImage['mimeType']> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** One exported item: its skinned mesh and material, its images by persona texture name, and its hidden-body raster. */
export interface PersonaOutfitItem {
  item: PersonaOutfitPart;
  part: SceneMesh;
  /** By persona texture name (`Color`, …, `body_visibility_mask`): those `textures.list` asks for, and Color. */
  images: Map<string, SceneImage>;
  /** Alpha of the body visibility mask at the profile's side, in AvatarBody's texture layout: 0 where the item hides the body. */
  hidden: Image;
  /** The images this export painted that every export of the item at its profile shares: to store as static files. */
  painted: StaticFileOutput[];
}

/**
 * Per worker: what is the same for every avatar. persona bodies are one mesh per gender, age and
 * level, so an item fitted to one body (its positions' hash) is reused by the next avatar with
 * that body; an item's maps are painted once per size (on the mean body: they are the same on
 * any body) and encoded once per profile unless recoloured.
 */
const fits = new Map<string, Promise<FittedOutfit>>();
const maps = new Map<string, Promise<OutfitMaps>>();
const encoded = new Map<string, Promise<Map<string, SceneImage>>>();
const hiddenRasters = new Map<string, Image>();
/**
 * Entries each cache keeps, oldest out first: raw maps are large (an item's at 2K about 38 MB, at
 * 4K four times that), encoded images and fitted meshes small.
 */
const LIMITS = new Map<Map<string, unknown>, number>([[fits, 64], [maps, 6], [encoded, 128], [hiddenRasters, 12]]);

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let hit = cache.get(key);
  if (hit === undefined) {
    if (cache.size >= (LIMITS.get(cache as Map<string, unknown>) ?? 16)) cache.delete(cache.keys().next().value!);
    hit = make();
    cache.set(key, hit);
    if (hit instanceof Promise) hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** FNV-1a over a float array's bytes: which body an item was fitted to. */
function positionsKey(p: Float32Array): string {
  const bytes = new Uint32Array(p.buffer, p.byteOffset, p.length);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return `${p.length}:${(h >>> 0).toString(16)}`;
}

const detailOf = (lod: PersonaOutfitPart['lod']) => (lod === 'LOD2' ? 'lowpoly' : 'full');

let mean: { positions: Float32Array; weights: ReturnType<typeof bodySkinWeights> } | undefined;
function meanBody() {
  if (mean) return mean;
  const solved = solveBodyShape({});
  return (mean = { positions: solved.body.positions, weights: bodySkinWeights(solved.body, bodySkeleton(solved.body.proportions)) });
}

/** The item's maps at `side`: painted on the mean body at LOD1, so that both levels and every avatar share them. */
function itemMaps(identity: string, side: number): Promise<OutfitMaps> {
  return remember(maps, `${identity}|${side}`, async () => paintOutfit(await fitOutfit(identity, meanBody(), 'full', undefined, 'packed'), side));
}

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** The item's images at its section's profile: partTextures' five, RecoloringMask and body_visibility_mask when listed. */
async function itemImages(o: PersonaOutfitPart, m: OutfitMaps, fitted: FittedOutfit, prefix: string, hidden: Image): Promise<Map<string, SceneImage>> {
  const wanted = new Set(o.textures.list);
  const format = o.textures.profile.split('.')[1] as ProfileFormat;
  const side = profileSide(o.textures.profile);
  const make = async () => {
    const color = o.color ? recolorRegion({ ...m.color, channels: 3 }, { ...m.recoloring, channels: 1 }, { red: o.color[0], green: o.color[1], blue: o.color[2] }) : m.color;
    const out = await partTextures(prefix, { color, normal: m.normal, roughness: m.roughness, metallic: m.metallic }, o.textures);
    if (wanted.has('RecoloringMask')) {
      out.set('RecoloringMask', { name: personaImageName(prefix, 'RecoloringMask', format), mimeType: MIME[format], data: bytes(await encodeProfile(m.recoloring, format, side)) });
    }
    if (wanted.has('body_visibility_mask')) {
      // RGBA: its alpha is the mask (the spec), so a jpg profile gives it as png.
      const rgba = bodyVisibilityMask(fitted, hidden.width, 'body');
      const f = personaImageFormat('body_visibility_mask', format);
      out.set('body_visibility_mask', { name: personaImageName(prefix, 'body_visibility_mask', format), mimeType: MIME[f], data: bytes(await encodeProfile(rgba, f, side, 100)) });
    }
    return out;
  };
  // Recoloured images are the avatar's own; the others are the same in every export.
  if (o.color) return make();
  return remember(encoded, `${o.identity}|${o.textures.profile}|${[...wanted].sort().join(',')}`, make);
}

/** The alpha of an item's body visibility mask at `side`, in AvatarBody's layout. */
function hiddenRaster(identity: string, fitted: FittedOutfit, side: number): Image {
  return remember(hiddenRasters, `${identity}|${side}`, () => {
    const rgba = bodyVisibilityMask(fitted, side, 'body');
    const alpha = new Uint8Array(side * side);
    for (let i = 0; i < alpha.length; i++) alpha[i] = rgba.data[i * 4 + 3];
    return { width: side, height: side, channels: 1, data: alpha };
  });
}

/**
 * The persona outfit items an export asks for (PersonaOutfitPart: a section's one item with its
 * options), each fitted to the exported body (`positions`: the fused avatar's, with any baked
 * body blendshapes), skinned to its skeleton with the weights of the body beneath, following the
 * body's `shapes` exported as targets, at its section's level, with its material and maps at its
 * section's profile: taken from `stored` (by file name, static files an earlier export stored)
 * when all of them are there, else painted.
 */
export async function personaOutfitItems(
  items: readonly PersonaOutfitPart[], fused: FusedAvatar, positions: Float32Array, shapes: readonly SceneMorphTarget[] = [], stored: Record<string, Uint8Array> = {},
): Promise<PersonaOutfitItem[]> {
  const body = fusedBody(fused, positions);
  const bodyKey = positionsKey(body.positions);
  return Promise.all(items.map(async (o) => {
    if (!personaOutfitByIdentity(o.identity)) throw new PipelineFailure(`Unknown outfit "${o.identity}".`);
    const fitted = await remember(fits, `${o.identity}|${o.lod}|${bodyKey}`, () => fitOutfit(o.identity, body, detailOf(o.lod), undefined, 'packed'));
    const side = Math.min(OUTFIT_SIDE, profileSide(o.textures.profile));
    const name = `outfit_${o.identity}`;
    const hidden = hiddenRaster(o.identity, fitted, side);
    // Not recoloured, its images are the same in every export at its profile: those an earlier
    // export stored are taken rather than painted again (some 2–8 s per item on a fresh worker).
    const shared = o.color ? [] : personaItemImages(o);
    const fromStore = shared.length > 0 && shared.every((s) => stored[s.name]);
    const images = fromStore
      ? new Map(shared.map((s) => [s.texture, { name: s.name, mimeType: s.contentType, data: stored[s.name] }]))
      : await itemImages(o, await itemMaps(o.identity, side), fitted, name, hidden);
    const painted = fromStore ? [] : shared.flatMap((s) => {
      const image = images.get(s.texture);
      return image && image.name === s.name ? [{ identity: s.identity, name: s.name, contentType: s.contentType, data: image.data }] : [];
    });
    // Cloth without its packed map: the fabrics' usual roughness.
    const material = partMaterial(name, images, 0.8);
    return { item: o, part: { name, mesh: fitted.mesh, material, morphTargets: fittedOutfitMorphs(fitted, fused, shapes), skin: fitted.skin }, images, hidden, painted };
  }));
}
