import type { Rgb } from '../../analysis/index.js';
import { corneaMesh, eyeballMesh, eyePlacement, eyeTexture, type EyeTextures } from '../../assets/eyes/index.js';
import type { FusedAvatar } from '../../assets/body/index.js';
import type { Mesh } from '../../core/mesh.js';
import type { SceneMaterial, SceneMesh } from '../../formats/scene.js';
import type { PersonaTextures } from '../catalogue/index.js';
import { onPlacedHead } from './bodyScene.js';
import type { StoredHead } from './headMesh.js';
import { partTextures } from './personaTextures.js';

/** The cornea: a clear shell whose only look is its reflections (alpha blended, glossy). */
const CORNEA_MATERIAL: Omit<SceneMaterial, 'name'> = {
  baseColorFactor: [1, 1, 1, 0.12], metallic: 0, roughness: 0.05, alphaMode: 'blend', doubleSided: false,
};

const moved = (mesh: Mesh, [x, y, z]: [number, number, number]): Mesh => {
  const positions = mesh.positions.slice();
  for (let k = 0; k < positions.length; k += 3) { positions[k] += x; positions[k + 1] += y; positions[k + 2] += z; }
  return { ...mesh, positions };
};

/** Eye textures by iris colour: 250 ms to paint, and the same for every export of an avatar. */
const painted = new Map<string, EyeTextures>();
function irisTexture(iris: Rgb): EyeTextures {
  const key = `${iris.red},${iris.green},${iris.blue}`;
  let maps = painted.get(key);
  if (!maps) {
    if (painted.size >= 16) painted.delete(painted.keys().next().value!);
    painted.set(key, (maps = eyeTexture({ irisColor: iris, size: 1024 })));
  }
  return maps;
}

/**
 * persona_2.0's eyes: `AvatarLeftEyeball` / `AvatarRightEyeball` in the person's iris colour and
 * `AvatarLeftCornea` / `AvatarRightCornea` over them (assets/eyes), seated behind the head's eye
 * openings, each skinned to its eye bone so that gaze can turn it. `eyeOpenings` are the head's
 * vertices the openings' skin is made of: the head part leaves those triangles out.
 */
export async function personaEyes(
  head: StoredHead['head'], fused: FusedAvatar, iris: Rgb, lod: 1 | 2, textures: PersonaTextures,
): Promise<SceneMesh[]> {
  const regions = head.template.regions;
  const seats = eyePlacement(head.mesh, { left: regions.leftEye.vertices, right: regions.rightEye.vertices });
  const maps = irisTexture(iris);
  const images = await partTextures('AvatarEyeball', { color: maps.color, roughness: maps.roughness }, { ...textures, list: textures.list.filter((t) => t !== 'Normal') });
  const packed = images.get('GltfMetallicRoughness');
  const eyeballMaterial: SceneMaterial = {
    name: 'AvatarEyeball', baseColorTexture: images.get('Color'), metallicRoughnessTexture: packed,
    metallic: packed ? 1 : 0, roughness: packed ? 1 : 0.35, alphaMode: 'opaque', doubleSided: false,
  };
  const out: SceneMesh[] = [];
  for (const side of ['Left', 'Right'] as const) {
    const seat = side === 'Left' ? seats.left : seats.right;
    const joint = fused.joints.findIndex((j) => j.name === `${side}Eye`);
    const onEyeBone = (part: SceneMesh): SceneMesh => {
      const placed = onPlacedHead(part, fused);
      const joints = new Uint16Array(placed.skin!.joints.length);
      for (let k = 0; k < joints.length; k += 4) joints[k] = joint;
      return { ...placed, skin: { joints, weights: placed.skin!.weights } };
    };
    out.push(onEyeBone({ name: `Avatar${side}Eyeball`, mesh: moved(eyeballMesh({ radius: seat.radius, lod }), seat.centre), material: eyeballMaterial, morphTargets: [] }));
    out.push(onEyeBone({ name: `Avatar${side}Cornea`, mesh: moved(corneaMesh({ radius: seat.radius, lod }), seat.centre), material: { ...CORNEA_MATERIAL, name: `Avatar${side}Cornea` }, morphTargets: [] }));
  }
  return out;
}
