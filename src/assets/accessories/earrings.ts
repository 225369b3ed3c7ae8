import type { Mesh } from '../../core/mesh.js';
import type { EarringRecipe } from '../../library/accessories/accessoryLibrary.js';
import type { TextureRegion } from './accessoryTexture.js';
import { toHeadMesh } from './glasses.js';
import { JEWEL_TILES } from './jewelTiles.js';
import { prongSetting } from './setting.js';
import { headDistance, toHead, type HeadLandmarks } from './headLandmarks.js';
import { add, cross, length, normalize, scale, sub, PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';
import { ellipsoid, squareTo } from './shapes.js';
import { circle, pathFrames, sweep } from './sweep.js';


/** A pair of earrings fitted to one head, in head coordinates. */
export interface FittedEarrings {
  mesh: Mesh;
  /** Where each ear is pierced, head coordinates (left, right). */
  piercings: [Vec3, Vec3];
  /** The least distance from the head of the parts away from the lobes (more than 6 mm from a piercing), metres. */
  clearance: number;
}

/**
 * Earrings through each earlobe, 4 mm above its lowest point, on its outer face: studs (a
 * brilliant-cut stone in four prongs), hoops (hanging through the lobe in a plane turned 20° out
 * from the head's side, so that they clear the jaw and neck) and drops (a stud, two links and a
 * pearl or stone hanging below).
 *
 * ```ts
 * const { mesh } = fitEarrings(recipe, headLandmarks(head.mesh, head.template), 1);
 * ```
 */
export function fitEarrings(recipe: EarringRecipe, at: HeadLandmarks, lod: 1 | 2 = 1): FittedEarrings {
  const b = new PartBuilder();
  const seg = lod === 1 ? 12 : 6, wire = lod === 1 ? 8 : 5;
  const piercings: Vec3[] = [];
  const f = at.frame;
  const toF = (v: ArrayLike<number>): Vec3 => [v[0] * f.x[0] + v[1] * f.x[1] + v[2] * f.x[2], v[0] * f.y[0] + v[1] * f.y[1] + v[2] * f.y[2], v[0] * f.z[0] + v[1] * f.z[1] + v[2] * f.z[2]];
  for (const s of [1, -1] as const) {
    const ear = s > 0 ? at.ears.left : at.ears.right;
    // The lobe's outer face, a little above its lowest point.
    const probe = toHead(f, [ear.lobe[0] + s * 0.01, ear.lobe[1] + 0.0045, ear.lobe[2] + 0.001]);
    const hit = at.surface.closest(probe[0], probe[1], probe[2]);
    const point = toF([hit.point[0] - f.origin[0], hit.point[1] - f.origin[1], hit.point[2] - f.origin[2]]);
    let normal = normalize(toF(hit.normal));
    if (normal[0] * s < 0.3) normal = normalize([s, 0, 0.2]);
    piercings.push(point);
    const up = squareTo(normal, [0, 1, 0]);
    const fwd = cross(up, normal);
    const metal = JEWEL_TILES.metal, stoneUv = JEWEL_TILES.stone;
    if (recipe.style === 'stud') {
      prongSetting(b, point, { normal, up, fwd }, recipe.size / 2, seg);
    } else if (recipe.style === 'hoop') {
      const radius = recipe.size / 2;
      // The hoop's plane: the vertical and the head's side turned 20° outward.
      const along = normalize([s * Math.sin(0.35), 0, Math.cos(0.35)]);
      const through = add(point, scale(normal, -0.0015));
      const centre = add(add(through, [0, -radius, 0]), scale(normal, 0.001));
      const points: Vec3[] = [];
      const n = lod === 1 ? 48 : 20;
      for (let k = 0; k < n; k++) {
        const a = (2 * Math.PI * k) / n;
        points.push(add(centre, add(scale([0, 1, 0], Math.cos(a) * radius), scale(along, Math.sin(a) * radius))));
      }
      const frames = pathFrames(points, normalize(cross(along, [0, 1, 0])), true);
      sweep(b, frames, circle(recipe.size > 0.02 ? 0.0011 : 0.0013, wire), { closed: true, uv: metal });
    } else {
      const stud = 0.0022;
      const top = add(point, scale(normal, stud));
      ellipsoid(b, top, [normal, up, fwd], [stud * 0.8, stud, stud], 4, seg, metal);
      // Two links, then the stone.
      const link = 0.0028;
      let at0 = add(top, [0, -stud * 1.1, 0]);
      for (let k = 0; k < 2; k++) {
        const c0 = add(at0, [0, -link / 2, 0]);
        const plane = k % 2 ? normal : fwd;
        const ring: Vec3[] = [];
        for (let i = 0; i < 10; i++) {
          const a = (2 * Math.PI * i) / 10;
          ring.push(add(c0, add(scale([0, 1, 0], Math.cos(a) * link * 0.55), scale(plane, Math.sin(a) * link * 0.32))));
        }
        sweep(b, pathFrames(ring, cross(plane, [0, 1, 0]), true), circle(0.00045, 5), { closed: true, uv: metal });
        at0 = add(at0, [0, -link * 0.9, 0]);
      }
      const pearl = recipe.stone?.kind === 'pearl';
      const radius = pearl ? recipe.size * 0.17 : recipe.size * 0.14;
      const length = pearl ? radius : radius * 1.7;
      const centre = add(at0, [0, -length, 0]);
      ellipsoid(b, centre, [[0, -1, 0], normal, fwd], [length, radius, radius], lod === 1 ? 10 : 5, lod === 1 ? 16 : 8, stoneUv);
      // The cap that holds it.
      ellipsoid(b, add(centre, [0, length * 0.85, 0]), [[0, 1, 0], normal, fwd], [radius * 0.35, radius * 0.55, radius * 0.55], 3, seg, metal);
    }
  }
  const built = b.mesh();
  let clearance = Infinity;
  for (let v = 0; v < built.positions.length / 3; v++) {
    const p: Vec3 = [built.positions[v * 3], built.positions[v * 3 + 1], built.positions[v * 3 + 2]];
    if (piercings.some((q) => length(sub(p, q)) < 0.006)) continue;
    clearance = Math.min(clearance, headDistance(at, p));
  }
  return { mesh: toHeadMesh(built, at), piercings: [toHead(f, piercings[0]), toHead(f, piercings[1])], clearance };
}
