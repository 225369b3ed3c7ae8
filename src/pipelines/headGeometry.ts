import { hairRegion, type FaceAnalysis, type Mask } from '../analysis/index.js';
import type { RawImage } from '../texture/index.js';
import { repackUvs, type HeadTemplate } from '../assets/index.js';
import { cartoonish, curvedBottom, fitHead, fitNeck, hairVolume, type FittedHead, type HairVolume } from '../geometry/index.js';
import type { EffectiveParameters } from './catalogue/index.js';

/** The head's final shape, and what its texture needs to know of how it got there. */
export interface HeadGeometry {
  /** The head as delivered: fitted, modified, with the UVs the texture is baked for. */
  head: FittedHead;
  /** head_1.2's hair volume, when the head carries one, and the photo's hair region it was measured on. */
  hair?: HairVolume & { region: Mask };
  /** Whether the UVs are the repacked square layout (see repackUvs). */
  repacked: boolean;
}

/** The shape modifications in the order they are applied: proportions first, then the finer restyle. */
const CARTOON_STYLES = [['cartoonish_v0.3', 'v0.3'], ['cartoonish_v1.0', 'v1.0']] as const;

/**
 * Fits the template to the photo and applies the geometry the parameters ask for, in an order
 * where each step sees what it expects: the fit (with `caricature_amount`), head_1.2's hair volume
 * (measured on the head as the photo saw it), the cartoon styles (which move hair and head
 * together, in the landmarks' upright frame), the neck (`allow_modify_neck`, which turns the head
 * by its pitch), the curved bottom (the bust only), and
 * last the UV layout (`repack_texture`), which moves no vertex.
 */
export function headGeometry(template: HeadTemplate, photo: RawImage, analysis: FaceAnalysis, parameters: EffectiveParameters, withHair: boolean): HeadGeometry {
  const modifications = parameters.avatar_modifications;
  const modifyNeck = modifications.allow_modify_neck === true;
  // The shared neck is the base either way: fitNeck adapts it, and the unshared fit creases the nape of heads scaled up a lot.
  let head: FittedHead = fitHead(template, analysis, { caricature: Number(modifications.caricature_amount ?? 0) });
  // The analysis' hair mask misses a fringe and blond highlights; the hair region adds them from the photo.
  const region = withHair ? hairRegion(photo, analysis) : undefined;
  const hair = region ? { ...hairVolume(head, analysis, region), region } : undefined;
  if (hair) head = { ...head, mesh: hair.mesh };
  for (const [name, style] of CARTOON_STYLES) {
    const amount = parameters.shape_modifications[name];
    if (amount !== undefined && amount > 0) head = cartoonish(head, { style, amount });
  }
  // After the cartoon styles, which work in the upright frame of the landmarks the neck turns away from.
  if (modifyNeck) head = fitNeck(head, analysis);
  if (modifications.curved_bottom === true) head = curvedBottom(head);
  const repacked = modifications.repack_texture === true;
  if (repacked) head = { ...head, mesh: { ...head.mesh, uvs: repackUvs(template) } };
  return { head, hair, repacked };
}
