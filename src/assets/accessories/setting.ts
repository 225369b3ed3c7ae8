import { add, scale, type PartBuilder, type Vec3 } from './partBuilder.js';
import { JEWEL_TILES } from './jewelTiles.js';
import { ellipsoid } from './shapes.js';
import { circle, pathFrames, sweep } from './sweep.js';

/**
 * A brilliant-cut stone of radius `r` in a four-prong basket, standing on `point` along `normal`
 * (`up` and `fwd` span its girdle): a stud's head, a solitaire's crown. The stone is a low-poly
 * brilliant (crown and pavilion), so its facets catch the light.
 */
export function prongSetting(b: PartBuilder, point: Vec3, axes: { normal: Vec3; up: Vec3; fwd: Vec3 }, r: number, segments: number): void {
  const { normal, up, fwd } = axes;
  const centre = add(point, scale(normal, r * 0.75));
  ellipsoid(b, centre, [normal, up, fwd], [r * 0.62, r, r], 3, 8, JEWEL_TILES.stone);
  ellipsoid(b, add(point, scale(normal, r * 0.35)), [normal, up, fwd], [r * 0.45, r * 0.8, r * 0.8], 3, segments, JEWEL_TILES.metal);
  for (let k = 0; k < 4; k++) {
    const a = (Math.PI / 2) * k + Math.PI / 4;
    const rim = add(centre, add(scale(up, Math.cos(a) * r * 0.95), scale(fwd, Math.sin(a) * r * 0.95)));
    const foot = add(point, add(scale(up, Math.cos(a) * r * 0.5), add(scale(fwd, Math.sin(a) * r * 0.5), scale(normal, 0.0004))));
    sweep(b, pathFrames([foot, add(rim, scale(normal, -r * 0.1)), add(rim, scale(normal, r * 0.25))], up), circle(r * 0.13, 5), { uv: JEWEL_TILES.metal, caps: true });
  }
}
