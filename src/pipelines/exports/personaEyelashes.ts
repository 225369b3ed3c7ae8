import { eyelashMesh, eyelashTexture } from '../../assets/eyelashes/index.js';
import type { FusedAvatar } from '../../assets/body/index.js';
import { encodePng } from '../../formats/image.js';
import type { SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { normalDeltas } from '../../geometry/index.js';
import { onPlacedHead } from './bodyScene.js';
import { bakedPositions, type StoredHead } from './headMesh.js';

/** The lashes' texture: the same for every avatar, painted once per process. */
let texture: Promise<Uint8Array> | undefined;
const lashTexture = () => (texture ??= encodePng(eyelashTexture()).then((png) => new Uint8Array(png.buffer, png.byteOffset, png.byteLength)));

/**
 * persona_2.0's `AvatarEyelashes` (assets/eyelashes): alpha-tested cards on the head's lid margins,
 * each vertex following its lid vertex, so the head's blendshapes (blinks, expressions) move the
 * lashes by that vertex's offset: `values` baked, `morphs` as morph targets named as the head's
 * (`headTargets`). Skinned to `Head`. The texture is PNG whatever the profile: the cards need alpha.
 */
export async function personaEyelashes(
  head: StoredHead['head'], fused: FusedAvatar, lod: 1 | 2,
  morphs: Map<string, Map<string, Float32Array>>, baked: Map<string, Map<string, Float32Array>>,
  values: Record<string, Record<string, number>> | null, headTargets: readonly SceneMorphTarget[],
): Promise<SceneMesh> {
  const { mesh, binding } = eyelashMesh(head.mesh, head.template, { lod });
  const onLashes = (delta: Float32Array): Float32Array => {
    const out = new Float32Array(binding.length * 3);
    binding.forEach((v, k) => { out[k * 3] = delta[v * 3]; out[k * 3 + 1] = delta[v * 3 + 1]; out[k * 3 + 2] = delta[v * 3 + 2]; });
    return out;
  };
  const positions = values ? bakedPositions(mesh.positions, values, baked, onLashes) : mesh.positions;
  const lashes = { ...mesh, positions };
  const morphTargets: SceneMorphTarget[] = [];
  for (const names of morphs.values()) {
    for (const delta of names.values()) {
      const offsets = onLashes(delta);
      morphTargets.push({ name: headTargets[morphTargets.length]?.name ?? `target${morphTargets.length}`, positions: offsets, normals: normalDeltas(lashes, offsets) });
    }
  }
  return onPlacedHead({
    name: 'AvatarEyelashes',
    mesh: lashes,
    material: {
      name: 'AvatarEyelashes', baseColorTexture: { name: 'AvatarEyelashes_Color.png', mimeType: 'image/png', data: await lashTexture() },
      metallic: 0, roughness: 0.6, alphaMode: 'mask', alphaCutoff: 0.4, doubleSided: true,
    },
    morphTargets,
  }, fused);
}
