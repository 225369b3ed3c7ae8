import { hairRegion, type FaceAnalysis, type Mask } from '../../analysis/index.js';
import { CURTAIN_STRIP_UVS, repackUvs, type HeadTemplate, type UvBox } from '../../assets/index.js';
import { mergeMeshes } from '../../geometry/index.js';
import { haircutShell, hairCurtain, hairVolume, type HairVolume } from '../../assets/haircuts/index.js';
import { cartoonish, curvedBottom, fitHead, fitNeck, photoShading, type FittedHead, type Mesh } from '../../geometry/index.js';
import type { Image } from '../../core/image.js';
import type { EffectiveParameters } from '../catalogue/index.js';

import type { HairMode } from '../pipeline.js';

export type { HairMode };

/** The head's final shape, and what its texture needs to know of how it got there. */
export interface HeadGeometry {
  /** The head as delivered: fitted, modified, with the UVs the texture is baked for. */
  head: FittedHead;
  /** The head as fitted to the photo, before any modification: what the photo is compared with. */
  fitted: FittedHead;
  /** The hair volume and the photo's hair region it was measured on, unless the mode is 'none'. */
  hair?: HairVolume & { region: Mask };
  hairMode: HairMode;
  /**
   * The generated haircut (mode 'separate'), with the head's UVs; absent when the photo shows no hair
   * or only hair lying flat on the scalp, which is then painted on the head.
   */
  haircut?: Mesh;
  /**
   * Long hair below a merged head's scalp (mode 'merged'), in the head's UV layout: hung as the
   * generated haircut's curtain is, and delivered as part of the head's mesh (deliveredHead).
   */
  curtain?: Mesh;
  /** Where the curtain's own texels are (its UVs lie there), when the layout has room for them. */
  curtainStrip?: UvBox;
  /** Whether the UVs are the repacked square layout (see repackUvs). */
  repacked: boolean;
}

/**
 * Hair the photo shows no thicker than this at the head's outline lies flat on the scalp (a shaved
 * head, hair cropped to stubble): it has no haircut of its own and is painted on the head instead.
 */
const FLAT_HAIR = 0.003;

/**
 * The merged head's curtain, coarser than the haircut's (a column every 3.3°, not 2°; 8 rows, not
 * 16), so that head and curtain together stay within 3 % of every LOD budget of the spec's table:
 * at most 66 quads × 8 rows × 2 = 1,056 faces; head_1.2 base/mobile's LOD0 is then 59,856 faces
 * against the table's 58,258 (+2.7 %). headLod cuts it down in proportion at the other levels.
 */
const MERGED_CURTAIN = { rows: 8, columnsPerDegree: 0.3 };

/** The shape modifications in the order they are applied: proportions first, then the finer restyle. */
const CARTOON_STYLES = [['cartoonish_v0.3', 'v0.3'], ['cartoonish_v1.0', 'v1.0']] as const;

/**
 * The head as delivered in every LOD's mesh: the head, with the normals it is shaded by, and after its
 * vertices and triangles the curtain of long hair, if any (headLod simplifies the two apart;
 * blendshapes leave the curtain still).
 *
 * `photoLit`: the texture keeps the photo's own shading (no `enhance_lighting`), so the face is
 * shaded by its broad form only (photoShading.ts). A texture whose shading was divided out has no
 * relief of its own left to draw: there the geometry's normals give it back, where the broad form
 * left a delit face flat and grey under an engine's lights (persona_2.0's sheets).
 */
export function deliveredHead(geometry: HeadGeometry, photoLit: boolean): FittedHead {
  const { curtain } = geometry;
  const head = photoLit ? { ...geometry.head, mesh: { ...geometry.head.mesh, normals: photoShading(geometry.head) } } : geometry.head;
  return curtain ? { ...head, mesh: mergeMeshes([head.mesh, curtain]) } : head;
}

/**
 * Fits the template to the photo and applies the geometry the parameters ask for, in an order
 * where each step sees what it expects: the fit (with `caricature_amount`), the hair volume
 * (measured on the head as the photo saw it), the cartoon styles (in the landmarks' upright frame),
 * the neck (`allow_modify_neck`, which turns the head by its pitch), the curved bottom (the bust
 * only), and last the UV layout (`repack_texture`), which moves no vertex. A separate haircut goes
 * through the same steps as the head, so it stays on it.
 */
export function headGeometry(template: HeadTemplate, photo: Image, analysis: FaceAnalysis, parameters: EffectiveParameters, hairMode: HairMode): HeadGeometry {
  const modifications = parameters.avatar_modifications;
  // The shared neck is the base either way: fitNeck adapts it, and the unshared fit creases the nape of heads scaled up a lot.
  const fitted = fitHead(template, analysis, { caricature: Number(modifications.caricature_amount ?? 0) });
  // The analysis' hair mask misses a fringe and blond highlights; the hair region adds them from the photo.
  const region = hairMode !== 'none' ? hairRegion(photo, analysis) : undefined;
  const hair = region ? { ...hairVolume(fitted, analysis, region), region } : undefined;
  const modify = (start: FittedHead): FittedHead => {
    let head = start;
    for (const [name, style] of CARTOON_STYLES) {
      const amount = parameters.shape_modifications[name];
      if (amount !== undefined && amount > 0) head = cartoonish(head, { style, amount });
    }
    if (modifications.allow_modify_neck === true) head = fitNeck(head, analysis);
    if (modifications.curved_bottom === true) head = curvedBottom(head);
    return head;
  };
  const merged = hair && hairMode === 'merged' ? modify({ ...fitted, mesh: hair.mesh }) : undefined;
  let head = merged ?? modify(fitted);
  const repacked = modifications.repack_texture === true;
  const uvs = repacked ? repackUvs(template) : head.mesh.uvs;
  head = { ...head, mesh: { ...head.mesh, uvs } };
  let curtain: Mesh | undefined;
  // The standard layout has room for the curtain's own texels; the repacked square has none to spare.
  const curtainStrip = repacked ? undefined : CURTAIN_STRIP_UVS;
  if (hair && merged) {
    // It hangs over the head without its hair, from under the merged scalp, as a haircut's from under its shell.
    curtain = hairCurtain({
      hair: merged.mesh, coverage: hair.coverage, uvs, head: modify(fitted).mesh, camera: fitted.camera, mask: hair.region,
      width: analysis.width, height: analysis.height, photo, color: analysis.colors.hair, strip: curtainStrip,
    }, MERGED_CURTAIN) ?? undefined;
  }
  let haircut: Mesh | undefined;
  if (hair && hairMode === 'separate' && hair.thickness.some((t) => t > FLAT_HAIR)) {
    const styled = modify({ ...fitted, mesh: hair.mesh });
    const shell = haircutShell({ ...hair, mesh: { ...styled.mesh, uvs } });
    // Long hair hangs below the cap as a curtain (null for hair that ends above the ears).
    const curtain = hairCurtain({
      hair: styled.mesh, coverage: hair.coverage, uvs, head: head.mesh, camera: fitted.camera, mask: hair.region,
      width: analysis.width, height: analysis.height, photo, color: analysis.colors.hair,
    });
    if (shell.indices.length > 0) haircut = curtain ? mergeMeshes([shell, curtain]) : shell;
  }
  return { head, fitted, hair, hairMode, haircut, curtain, curtainStrip: curtain && curtainStrip, repacked };
}
