import type { HeadTemplate } from '../template.js';
import type { Mesh } from '../../core/mesh.js';
import { headFrame } from './frame.js';
import { primitiveDeltas } from './mobile51.js';
import { blendshapeNames } from '../../library/blendshapeNames.js';
import { RECIPES } from './recipes.js';
import { faceRig } from './rig.js';

/**
 * Facial blendshapes of head avatars: per-vertex offsets of the avatar's own mesh (a glTF morph
 * target's POSITION), in the spec's sets. Each ARKit shape (mobile_51) is authored once on the
 * template, region by region, as smooth weights of template-relative coordinates, and moved per
 * head by that head's own measures (its mouth width, lip heights, eye openings, brow heights, jaw
 * hinge); the other sets are weighted sums of those (recipes.ts) or face-shape sliders
 * (faceShape.ts). The lips part along the template's slit and an open mouth shows the mouth bag
 * (src/assets/headMouth.ts).
 */
export { BLENDSHAPE_SET_NAMES, blendshapeNames, BLENDSHAPE_SETS, MOBILE_51 } from '../../library/blendshapeNames.js';
export { lodDeltas, normalDeltas } from './lod.js';

/** A set of blendshapes: its names, and their deltas for a head. */
export interface BlendshapeSet {
  name: string;
  names: readonly string[];
  /**
   * The deltas at weight 1.0, one Float32Array per name (xyz per vertex of `head.mesh`, metres). The
   * mesh must have the template's topology (a fitted head at LOD0), and may have more after it (a
   * merged head's curtain of long hair), which does not move; lodDeltas carries them to a LOD.
   */
  deltas(head: { template: HeadTemplate; mesh: Mesh }): Float32Array[];
}

/**
 * The blendshape set `name` (one of BLENDSHAPE_SET_NAMES); throws on another name.
 *
 * ```ts
 * const set = blendshapeSet('mobile_51');
 * const deltas = set.deltas(fitted);          // deltas[set.names.indexOf('jawOpen')]
 * ```
 */
export function blendshapeSet(name: string): BlendshapeSet {
  const names = blendshapeNames(name);
  const recipes = RECIPES[name];
  return {
    name,
    names,
    deltas(head) {
      const rig = faceRig(head.template);
      const total = head.mesh.positions.length;
      if (total < rig.p0.length) {
        throw new RangeError(`blendshapes need the template's topology: ${total / 3} vertices, template ${rig.p0.length / 3}`);
      }
      // What comes after the template's vertices (a merged head's curtain of long hair) keeps still.
      const own = total === rig.p0.length ? head.mesh : templatePart(head.mesh, head.template);
      const padded = (d: Float32Array): Float32Array => {
        if (d.length === total) return d;
        const out = new Float32Array(total);
        out.set(d);
        return out;
      };
      const frame = headFrame(rig, own);
      if (!recipes) return names.map((shape) => padded(primitiveDeltas(rig, frame, shape)));
      const done = new Map<string, Float32Array>();
      const primitive = (shape: string): Float32Array => {
        let d = done.get(shape);
        if (!d) done.set(shape, (d = primitiveDeltas(rig, frame, shape)));
        return d;
      };
      return names.map((shape) => {
        const out = new Float32Array(total);
        for (const [part, weight] of Object.entries(recipes[shape])) {
          const d = primitive(part);
          for (let k = 0; k < out.length; k++) out[k] += weight * d[k];
        }
        return out;
      });
    },
  };
}

/** The template's share of a mesh that has more after it: its vertices and triangles come first. */
function templatePart(mesh: Mesh, template: HeadTemplate): Mesh {
  const vertices = template.mesh.positions.length / 3;
  return {
    positions: mesh.positions.subarray(0, vertices * 3),
    normals: mesh.normals?.subarray(0, vertices * 3),
    uvs: mesh.uvs?.subarray(0, vertices * 2),
    indices: mesh.indices.subarray(0, template.mesh.indices.length),
  };
}
