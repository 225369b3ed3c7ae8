import type { Rgb } from '../../analysis/index.js';
import { corneaMesh, corneaTexture, eyeballMesh, eyePlacement, eyeTexture, type CorneaTextures, type EyeTextures } from '../../assets/eyes/index.js';
import type { FusedAvatar } from '../../assets/body/index.js';
import type { Mesh } from '../../core/mesh.js';
import type { SceneImage, SceneMaterial, SceneMesh, SceneMorphTarget } from '../../formats/scene.js';
import { normalDeltas } from '../../geometry/index.js';
import type { PersonaTextures } from '../catalogue/index.js';
import { onPlacedHead } from './bodyScene.js';
import type { StoredHead } from './headMesh.js';
import { partTextures } from './personaTextures.js';

/** The cornea's maps: the same for every eye, painted once per process. */
let corneaMaps: CorneaTextures | undefined;

const moved = (mesh: Mesh, [x, y, z]: [number, number, number]): Mesh => {
  const positions = mesh.positions.slice();
  for (let k = 0; k < positions.length; k += 3) { positions[k] += x; positions[k + 1] += y; positions[k + 2] += z; }
  return { ...mesh, positions };
};

/** Eye textures by iris colour: 250 ms to paint, and the same for every export of an avatar. */
const painted = new Map<string, EyeTextures>();

/**
 * The eyeball's maps with the iris in `iris`: the photo's iris colour, or `avatar.colors.eyes`
 * (ours), which so recolours the iris: one seed paints the same fibres, collarette, crypts and
 * limbal ring in any colour (the iris averages `iris` between pupil and limbus), and the sclera
 * and the pupil do not depend on it.
 */
export function eyeballMaps(iris: Rgb, size = 1024): EyeTextures {
  const key = `${iris.red},${iris.green},${iris.blue}@${size}`;
  let maps = painted.get(key);
  if (!maps) {
    if (painted.size >= 16) painted.delete(painted.keys().next().value!);
    painted.set(key, (maps = eyeTexture({ irisColor: iris, size })));
  }
  return maps;
}

/**
 * persona_2.0's eyes: `AvatarLeftEyeball` / `AvatarRightEyeball` in the person's iris colour and
 * `AvatarLeftCornea` / `AvatarRightCornea` over them (assets/eyes), seated behind the head's eye
 * openings, each skinned to its eye bone so that gaze can turn it. The eyeballs' textures are
 * `AvatarEyeball_*`, the corneas' `AvatarCornea_*` (corneaTexture: a nearly clear Color with alpha,
 * always png or webp, and a glossy roughness); `files` are those of them that travel beside the
 * model (Roughness, UnityMetallicSmoothness) when listed.
 */
export async function personaEyes(
  head: StoredHead['head'], fused: FusedAvatar, iris: Rgb, lod: 1 | 2, textures: PersonaTextures, headTargets: readonly string[] = [],
): Promise<{ parts: SceneMesh[]; files: SceneImage[] }> {
  const regions = head.template.regions;
  const seats = eyePlacement(head.mesh, { left: regions.leftEye.vertices, right: regions.rightEye.vertices });
  const maps = eyeballMaps(iris);
  const images = await partTextures('AvatarEyeball', { color: maps.color, roughness: maps.roughness }, { ...textures, list: textures.list.filter((t) => t !== 'Normal') });
  const packed = images.get('GltfMetallicRoughness');
  const eyeballMaterial: SceneMaterial = {
    name: 'AvatarEyeball', baseColorTexture: images.get('Color'), metallicRoughnessTexture: packed,
    metallic: packed ? 1 : 0, roughness: packed ? 1 : 0.35, alphaMode: 'opaque', doubleSided: false,
  };
  // The cornea's Color has alpha: a jpg profile gives it as png, as the lashes'.
  const cornea = (corneaMaps ??= corneaTexture());
  const clear = { ...textures, list: textures.list.filter((t) => t !== 'Normal'), profile: textures.profile.replace(/\.jpg$/, '.png') };
  const corneaImages = await partTextures('AvatarCornea', { color: cornea.color, roughness: cornea.roughness }, clear);
  const corneaPacked = corneaImages.get('GltfMetallicRoughness');
  const corneaMaterial: Omit<SceneMaterial, 'name'> = {
    baseColorTexture: corneaImages.get('Color'), metallicRoughnessTexture: corneaPacked,
    metallic: corneaPacked ? 1 : 0, roughness: corneaPacked ? 1 : 0.05, alphaMode: 'blend', doubleSided: false,
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
    const eyeball = moved(eyeballMesh({ radius: seat.radius, lod }), seat.centre), cornea = moved(corneaMesh({ radius: seat.radius, lod }), seat.centre);
    out.push(onEyeBone({ name: `Avatar${side}Eyeball`, mesh: eyeball, material: eyeballMaterial, morphTargets: gazeTargets(eyeball, seat.centre, side, headTargets) }));
    out.push(onEyeBone({ name: `Avatar${side}Cornea`, mesh: cornea, material: { ...corneaMaterial, name: `Avatar${side}Cornea` }, morphTargets: gazeTargets(cornea, seat.centre, side, headTargets) }));
  }
  const files = [...images, ...corneaImages].filter(([name]) => BESIDE.includes(name)).map(([, image]) => image);
  return { parts: out, files };
}

/** Textures no material takes, which travel beside the model. */
export const BESIDE = ['Roughness', 'UnityMetallicSmoothness'];

/**
 * ARKit's gaze blendshapes as turns of the eye about its centre, at weight 1 the ends of the eye's
 * range (about 23° up and down, 45° out, 25° in): named as the head's, so one weight turns the
 * eyeball, the cornea and the lids together. Only those the export's head has.
 */
const GAZE: Record<string, { axis: 'x' | 'y'; degrees: number }> = {
  eyeLookUp: { axis: 'x', degrees: -23 },
  eyeLookDown: { axis: 'x', degrees: 23 },
  eyeLookOut: { axis: 'y', degrees: 45 },
  eyeLookIn: { axis: 'y', degrees: -25 },
};

function gazeTargets(mesh: Mesh, centre: [number, number, number], side: 'Left' | 'Right', headTargets: readonly string[]): SceneMorphTarget[] {
  const out: SceneMorphTarget[] = [];
  for (const [base, turn] of Object.entries(GAZE)) {
    const name = `${base}${side}`;
    if (!headTargets.includes(name)) continue;
    // The person's left eye (+x) looks out towards +x; the right one towards −x.
    const degrees = turn.axis === 'y' && side === 'Right' ? -turn.degrees : turn.degrees;
    const a = (degrees * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a);
    const positions = new Float32Array(mesh.positions.length);
    for (let k = 0; k < positions.length; k += 3) {
      const x = mesh.positions[k] - centre[0], y = mesh.positions[k + 1] - centre[1], z = mesh.positions[k + 2] - centre[2];
      const [nx, ny, nz] = turn.axis === 'x' ? [x, y * c - z * s, y * s + z * c] : [x * c + z * s, y, -x * s + z * c];
      positions[k] = nx - x; positions[k + 1] = ny - y; positions[k + 2] = nz - z;
    }
    out.push({ name, positions, normals: normalDeltas(mesh, positions) });
  }
  return out;
}
