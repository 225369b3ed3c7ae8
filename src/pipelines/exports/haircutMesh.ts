import { artificialHaircutTexture, fitHaircut, haircutByIdentity } from '../../assets/haircuts/index.js';
import type { FittedHead, Mesh } from '../../geometry/index.js';
import { encodePng } from '../../formats/image.js';
import { readPly } from '../../formats/ply.js';
import { readZip } from '../../formats/zip.js';
import type { SceneImage, SceneMaterial } from '../../formats/scene.js';
import { GENERATED_HAIRCUT } from '../catalogue/haircuts.js';
import { avatarFiles } from '../files.js';
import { PipelineFailure } from '../failure.js';
import type { StoredHead } from './headMesh.js';
import { recolouredHaircut, sizedImage } from './textures.js';
import type { StaticFileOutput, TextureSize } from './types.js';

export interface ExportedHaircut {
  mesh: Mesh;
  material: SceneMaterial;
  /** Set when the texture is the library's own, unchanged: it may ship as a static file. */
  staticTexture?: StaticFileOutput;
}

/** Encoded library textures by identity: the same bytes for every export, and ~1 s each to paint at 2048². */
const textures = new Map<string, Promise<Uint8Array>>();
const TEXTURE_CACHE_SIZE = 8;

function libraryTexture(identity: string): Promise<Uint8Array> {
  let made = textures.get(identity);
  if (!made) {
    made = encodePng(artificialHaircutTexture(haircutByIdentity(identity)!)).then((png) => new Uint8Array(png.buffer, png.byteOffset, png.byteLength));
    textures.set(identity, made);
    made.catch(() => textures.delete(identity));
    if (textures.size > TEXTURE_CACHE_SIZE) textures.delete(textures.keys().next().value!);
  }
  return made;
}

/** Static file identity of a library haircut's own texture. */
export function haircutTextureIdentity(identity: string): string {
  return `haircut_${identity}_texture`;
}

/** A library haircut fitted to this head now. */
export function libraryHaircutMesh(identity: string, head: StoredHead['head']): Mesh {
  const haircut = haircutByIdentity(identity);
  if (!haircut) throw new PipelineFailure(`Unknown haircut "${identity}".`);
  return fitHaircut(haircut, head as FittedHead);
}

/**
 * A haircut on this head: the generated one as the pipeline stored it, or a library haircut fitted
 * to the head now. `color` recolours the texture (then it is no longer the static one).
 */
export async function exportedHaircut(
  identity: string, head: StoredHead['head'], files: Record<string, Uint8Array>,
  options: { color: [number, number, number] | null; textureSize: TextureSize },
): Promise<ExportedHaircut> {
  let mesh: Mesh;
  let texture: SceneImage;
  let staticTexture: StaticFileOutput | undefined;
  if (identity === GENERATED_HAIRCUT) {
    const zip = files[avatarFiles.haircut(identity, 'mesh')];
    const png = files[avatarFiles.haircut(identity, 'texture')];
    if (!zip || !png) throw new PipelineFailure('This avatar has no generated haircut: its photo shows no hair, or its pipeline keeps the hair in the head mesh.');
    mesh = readPly(readZip(zip)['haircut.ply']).mesh;
    texture = { name: `haircut_${identity}.png`, mimeType: 'image/png', data: png };
  } else {
    mesh = libraryHaircutMesh(identity, head);
    texture = { name: `haircut_${identity}.png`, mimeType: 'image/png', data: await libraryTexture(identity) };
    if (!options.color && options.textureSize === null) {
      staticTexture = { identity: haircutTextureIdentity(identity), name: texture.name, contentType: 'image/png', data: texture.data };
    }
  }
  if (options.color) texture = await recolouredHaircut(texture, options.color);
  texture = await sizedImage(texture, options.textureSize);
  const material: SceneMaterial = {
    name: `haircut_${identity}`, baseColorTexture: texture, metallic: 0, roughness: 0.6,
    // Cards and fading edges: alpha-tested, so engines need no sorting; both sides, as cards have no inside.
    alphaMode: 'mask', alphaCutoff: 0.35, doubleSided: true,
  };
  return { mesh, material, staticTexture };
}
