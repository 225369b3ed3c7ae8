import { avatarTeeth, teethDeltas, type AvatarTeethOptions } from '../../assets/teeth.js';
import { normalDeltas, type Mesh } from '../../geometry/index.js';
import type { SceneMaterial, SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { bakedPositions, type StoredHead } from './headMesh.js';

/** The teeth's material: a plain off-white, a little glossy. */
export const TEETH_MATERIAL: SceneMaterial = {
  name: 'teeth', baseColorFactor: [0.88, 0.86, 0.8, 1], metallic: 0, roughness: 0.35, alphaMode: 'opaque', doubleSided: false,
};

/**
 * The avatar's teeth as a scene mesh beside the head: the same at every LOD (a few hundred
 * triangles, not worth simplifying), `values` baked as the head bakes them, and one morph target
 * per head morph target, in the head's order and under its names (`headTargets`, what exportedHead
 * made from the same `morphs`), so a client driving `jawOpen` on both moves the lower teeth with
 * the jaw. The upper teeth stay with the skull (assets/teethDeltas.ts). `textured` keeps the
 * arches' UVs for a textured material (persona_2.0's).
 */
export function exportedTeeth(
  head: StoredHead['head'], morphs: Map<string, Map<string, Float32Array>>, baked: Map<string, Map<string, Float32Array>>,
  values: Record<string, Record<string, number>> | null, headTargets: readonly SceneMorphTarget[], options: AvatarTeethOptions & { textured?: boolean } = {},
): SceneMesh {
  const teeth = avatarTeeth(head, options);
  let mesh: Mesh = teeth.mesh;
  // Only persona_2.0's textured teeth read the arches' UVs: the plain material's exports keep them 0, byte for byte as before.
  if (!options.textured && mesh.uvs) mesh = { ...mesh, uvs: new Float32Array(mesh.uvs.length) };
  if (values) mesh = { ...mesh, positions: bakedPositions(mesh.positions, values, baked, (delta) => teethDeltas(teeth, head, delta)) };
  const morphTargets: SceneMorphTarget[] = [];
  for (const names of morphs.values()) {
    for (const delta of names.values()) {
      const name = headTargets[morphTargets.length]?.name;
      if (name === undefined) throw new Error('the teeth have more morph targets than the head');
      const positions = teethDeltas(teeth, head, delta);
      morphTargets.push({ name, positions, normals: normalDeltas(mesh, positions) });
    }
  }
  if (morphTargets.length !== headTargets.length) throw new Error('the teeth have fewer morph targets than the head');
  return { name: 'teeth', mesh, material: TEETH_MATERIAL, morphTargets };
}
