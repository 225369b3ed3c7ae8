import { cartoonField, type CartoonProportions } from './cartoonField.js';
import { computeNormals } from './computeNormals.js';
import { sharedNeckWeight, type FittedHead } from './fitHead.js';
import { smoothRelief } from './smoothRelief.js';
import { boundPositions } from './surfaceBinding.js';
import { smoothstep } from '../core/smoothstep.js';

/** The spec's two cartoon styles: `cartoonish_v0.3` and `cartoonish_v1.0`. */
export type CartoonStyle = 'v0.3' | 'v1.0';

/** A cartoon style: proportions per unit of amount, and how much fine relief it smooths away. */
export interface CartoonStyleSpec extends CartoonProportions {
  /**
   * How far the face moves towards its smoothed self at amount 1 (see smoothRelief.ts), growing
   * with the amount up to 1; 0: no smoothing.
   */
  smoothing: number;
}

/**
 * v0.3 changes proportions only: eyes 24 % larger, a cranium 10 % larger, a smaller nose and a
 * narrower jaw; the face keeps all its detail. v1.0 goes further on every proportion (eyes 40 %
 * larger) and smooths the face's fine relief (creases, wrinkles, lip and eyelid edges) into the
 * rounder, clay-like shapes of an animated character.
 */
export const CARTOON_STYLES: Readonly<Record<CartoonStyle, Readonly<CartoonStyleSpec>>> = Object.freeze({
  'v0.3': Object.freeze({ eyes: 0.24, cranium: 0.1, nose: 0.22, jaw: 0.12, smoothing: 0 }),
  'v1.0': Object.freeze({ eyes: 0.4, cranium: 0.15, nose: 0.28, jaw: 0.2, smoothing: 0.8 }),
});

/** Options of {@link cartoonish}. */
export interface CartoonishOptions {
  /** Which of the spec's styles. */
  style?: CartoonStyle;
  /**
   * The parameter's value: 0 changes nothing, 1 is clearly cartoonish and still the same person;
   * the geometry stays clean (no folds, no self-intersection) up to about 1.5. Larger values are
   * taken as 1.5.
   */
  amount?: number;
}

export const CARTOONISH_DEFAULTS: Required<CartoonishOptions> = {
  style: 'v1.0',
  amount: 1,
};

/** Beyond this amount the proportions' fold-free limits (see cartoonField.ts) get close. */
const MAX_AMOUNT = 1.5;
/**
 * Rounds of relief smoothing at full strength: plain Laplacian steps (no inflation), which also
 * round off what stands out, as a cartoon's clay-like face wants; more melts the lips.
 */
const SMOOTHING_ROUNDS = 10;

/**
 * `shape_modifications` `cartoonish_v0.3` / `cartoonish_v1.0`: restyles a fitted head as a cartoon
 * of the same person. The restyling is a smooth displacement of space built from the person's own
 * landmarks ({@link cartoonField}), faded out under the jaw exactly as the fit is
 * ({@link sharedNeckWeight}), so the neck below the 'neck' row and the cut at the bottom stay where
 * the template has them and the body still joins. v1.0 then smooths the face's fine relief along
 * the normals (`smoothRelief`).
 *
 * Topology, UVs and the photo projection are kept: the texture is baked exactly as for the
 * unstyled head and follows the features to their new places, and levels of detail (headLod) work
 * on the result as on any fitted head. Returns a new fitted head. In the pipeline: after fitHead,
 * before fitNeck and curvedBottom.
 *
 * ```ts
 * const styled = cartoonish(fitHead(template, analysis), { style: 'v0.3', amount: 0.8 });
 * ```
 */
export function cartoonish(head: FittedHead, options: CartoonishOptions = {}): FittedHead {
  const o = { ...CARTOONISH_DEFAULTS, ...options };
  const spec = CARTOON_STYLES[o.style];
  if (!spec) throw new RangeError(`no cartoon style ${o.style}`);
  if (!(o.amount >= 0)) throw new RangeError(`cartoonish amount ${o.amount} is not a number ≥ 0`);
  const amount = Math.min(o.amount, MAX_AMOUNT);
  if (amount === 0) return head;

  const { template, mesh } = head;
  const landmarks = boundPositions(mesh.positions, mesh.indices, template.landmarks);
  const move = cartoonField(landmarks, spec, amount);
  const weight = sharedNeckWeight(template);
  const source = mesh.positions;
  const count = source.length / 3;
  const positions = new Float32Array(count * 3);
  const d = new Float64Array(3);
  for (let v = 0; v < count; v++) {
    const x = source[v * 3], y = source[v * 3 + 1], z = source[v * 3 + 2];
    const w = weight[v];
    if (w > 0) move(x, y, z, d);
    positions[v * 3] = x + (w > 0 ? w * d[0] : 0);
    positions[v * 3 + 1] = y + (w > 0 ? w * d[1] : 0);
    positions[v * 3 + 2] = z + (w > 0 ? w * d[2] : 0);
  }
  const weld = template.sampling.weld;
  let styled = computeNormals({ positions, indices: mesh.indices, uvs: mesh.uvs }, { weld });
  if (spec.smoothing > 0) {
    const strength = Math.min(1, spec.smoothing * amount);
    const smoothed = smoothRelief(styled, faceWeights(head), { rounds: SMOOTHING_ROUNDS, inflation: 0, weld });
    for (let k = 0; k < positions.length; k++) smoothed[k] = positions[k] + strength * (smoothed[k] - positions[k]);
    keepOrientation(source, positions, smoothed, mesh.indices, weld);
    styled = computeNormals({ positions: smoothed, indices: mesh.indices, uvs: mesh.uvs }, { weld });
  }
  return { ...head, mesh: styled };
}

/**
 * Where the face is squeezed hardest (inner eye corners at large amounts), smoothing can turn a
 * tiny triangle over: the corners of triangles turned by more than 75° from the fitted head go back
 * to where they were before smoothing (`unsmoothed`), until there are none.
 */
function keepOrientation(fitted: Float32Array, unsmoothed: Float32Array, after: Float32Array, indices: Uint32Array, weld: Uint32Array): void {
  const normal = (p: Float32Array, t: number, out: number[]): void => {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    out[0] = uy * vz - uz * vy;
    out[1] = uz * vx - ux * vz;
    out[2] = ux * vy - uy * vx;
  };
  const m = [0, 0, 0], n = [0, 0, 0];
  for (let pass = 0; pass < 8; pass++) {
    let reverted = 0;
    for (let t = 0; t < indices.length; t += 3) {
      normal(fitted, t, m);
      normal(after, t, n);
      if (m[0] * n[0] + m[1] * n[1] + m[2] * n[2] > 0.25 * Math.hypot(m[0], m[1], m[2]) * Math.hypot(n[0], n[1], n[2])) continue;
      for (let k = 0; k < 3; k++) {
        const v = weld[indices[t + k]];
        if (after[v * 3] === unsmoothed[v * 3] && after[v * 3 + 1] === unsmoothed[v * 3 + 1] && after[v * 3 + 2] === unsmoothed[v * 3 + 2]) continue;
        after.set(unsmoothed.subarray(v * 3, v * 3 + 3), v * 3);
        reverted++;
      }
    }
    if (reverted === 0) break;
    for (let v = 0; v < weld.length; v++) if (weld[v] !== v) after.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
  }
}

const faceWeightCache = new WeakMap<object, Float32Array>();

/**
 * 1 on the front of the face, fading to 0 towards the hairline, the ears and under the chin: a
 * smooth window over the template's positions, so that smoothing has no edge of its own and is the
 * same for everyone.
 */
function faceWeights(head: FittedHead): Float32Array {
  const { template } = head;
  let weights = faceWeightCache.get(template);
  if (!weights) {
    const p = template.mesh.positions;
    weights = new Float32Array(p.length / 3);
    for (let v = 0; v < weights.length; v++) {
      const t = Math.hypot(p[v * 3] / 0.072, (p[v * 3 + 1] + 0.025) / 0.085, (p[v * 3 + 2] - 0.06) / 0.06);
      weights[v] = (1 - smoothstep(0.6, 1, t)) * smoothstep(0.01, 0.04, p[v * 3 + 2]);
    }
    // The mouth bag and the lips' edge it hangs from stay as the field put them: smoothing would
    // shrink the small closed bag (folding it) and pull it off the lips (headMouth.ts).
    for (const v of [...template.mouth.bag, ...template.mouth.upper]) weights[v] = 0;
    faceWeightCache.set(template, weights);
  }
  return weights;
}

