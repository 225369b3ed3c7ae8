import type { Mesh } from '../../../core/mesh.js';
import type { HeadTemplate } from '../../headTemplate.js';
import { capUv } from './hairAtlas.js';
import { rootLength, rootZones } from './hairFlow.js';
import type { HairZone } from './hairZone.js';
import { earVertices } from '../fit/bindHaircut.js';
import type { HaircutStyle } from '../../../library/haircuts/haircutStyle.js';

/** The scalp cap of a haircut, and what its texture follows per vertex. */
export interface HairCap {
  mesh: Mesh;
  /** Hair density per cap vertex, 0..1 (HairZone.density). */
  density: Float32Array;
  /** The style's strand length at each cap vertex, metres: under the shortest, the cap is stubble. */
  length: Float32Array;
}

/** Options of {@link hairCap}. */
export interface HairCapOptions {
  /** Height of the cap above the skin, metres: off the skin, so that no renderer shows the skin through. */
  height?: number;
  /** Triangles whose densest corner is below this are left out: far outside the hairline. */
  minDensity?: number;
}

export const HAIR_CAP_DEFAULTS: Required<HairCapOptions> = {
  height: 0.0012,
  minDensity: 0.01,
};

/**
 * The scalp cap: the template's triangles over the hair zone and a little beyond, raised off the
 * skin along the normals, mapped to the atlas's cap disc (hairAtlas.ts). It is the short hair of
 * shaved styles and, under longer hair, the scalp's shade that keeps the gaps between cards from
 * showing skin. Its soft hairline is in its texture's alpha, painted from `density`.
 *
 * ```ts
 * const cap = hairCap(template, hairZone(template), haircut.style);
 * ```
 */
export function hairCap(template: HeadTemplate, zone: HairZone, style: Required<HaircutStyle>, options: HairCapOptions = {}): HairCap {
  const o = { ...HAIR_CAP_DEFAULTS, ...options };
  const { positions: p, normals: n, indices } = template.mesh;
  const remap = new Int32Array(p.length / 3).fill(-1);
  // Not on the ears or their root, where the skin folds and a cap raised along its normals would dip into it.
  const ear = earVertices(template);
  const kept: number[] = [];
  const faces: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (Math.max(zone.density[a], zone.density[b], zone.density[c]) < o.minDensity || ear[a] || ear[b] || ear[c]) continue;
    for (const v of [a, b, c]) {
      if (remap[v] < 0) {
        remap[v] = kept.length;
        kept.push(v);
      }
      faces.push(remap[v]);
    }
  }
  const positions = new Float32Array(kept.length * 3);
  const normals = new Float32Array(kept.length * 3);
  const uvs = new Float32Array(kept.length * 2);
  const density = new Float32Array(kept.length);
  const length = new Float32Array(kept.length);
  kept.forEach((v, i) => {
    for (let k = 0; k < 3; k++) {
      normals[i * 3 + k] = n![v * 3 + k];
      positions[i * 3 + k] = p[v * 3 + k] + o.height * n![v * 3 + k];
    }
    capUv(p[v * 3], p[v * 3 + 1], p[v * 3 + 2], uvs, i * 2);
    density[i] = zone.density[v];
    const [x, y, z] = [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];
    length[i] = rootLength(style, y, rootZones(x, y, z));
  });
  return { mesh: { positions, normals, uvs, indices: Uint32Array.from(faces) }, density, length };
}
