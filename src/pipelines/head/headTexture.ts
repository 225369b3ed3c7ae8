import { faceStrands, type FaceAnalysis, type Mask, type Rgb } from '../../analysis/index.js';
import { LEFT_BROW, LEFT_EYE_OPENING, NOSE_BOTTOM, RIGHT_BROW, RIGHT_EYE_OPENING } from '../../analysis/regions.js';
import {
  bakeTexture, eyeColours, HAIR_MARGIN, faceLayout, faceOutline, parametricEyes, parametricEyesV2, recolorLips,
  recolorRegion, recolorTeeth, slightlyCartoonishTexture, type FaceLayout, type FacialHair, type Image, type RgbImage, paintMouthBag,
} from '../../texture/index.js';
import { REPACKED_TEXTURE_SIZE, type HeadTemplate } from '../../assets/index.js';
import { hairTexture } from '../../assets/haircuts/index.js';
import type { EffectiveParameters } from '../catalogue/index.js';
import type { HeadGeometry } from './headGeometry.js';

/** The `model` texture and what the additional textures are made from. */
export interface HeadTexture {
  texture: RgbImage;
  /** The face's features in this texture. */
  layout: FaceLayout;
  /** Where the texture shows hair (a hair volume merged into the head), else absent. */
  hair?: Mask;
  /** A separate haircut's texture in the head's layout and size, and where it shows hair (its alpha). */
  haircut?: { texture: RgbImage; mask: Mask };
  /** The skin tone the unseen head was filled with. */
  tone: Rgb;
}


/** The UV box of some of the layout's landmarks, grown by `grow` times its height on every side. */
function landmarkBox(layout: FaceLayout, indices: readonly number[], grow: number): readonly [number, number, number, number] {
  const { landmarks: t, width, height } = layout;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const i of indices) {
    x0 = Math.min(x0, t[i * 2]); x1 = Math.max(x1, t[i * 2]);
    y0 = Math.min(y0, t[i * 2 + 1]); y1 = Math.max(y1, t[i * 2 + 1]);
  }
  const g = (y1 - y0) * grow;
  return [(x0 - g) / width, (y0 - g) / height, (x1 + g) / width, (y1 + g) / height];
}

/**
 * Where the face may have hair of its own, in the layout's UV: below the nose and on the brows (each
 * box grown by half its height); and the eye sockets (each opening grown by its height).
 */
function facialHair(layout: FaceLayout, color: Rgb, skin: Rgb): FacialHair {
  const brows = [RIGHT_BROW, LEFT_BROW].map((indices) => landmarkBox(layout, indices, 0.5));
  // A head with no hair to see has the skin's colour as its hair colour, and no strand to hide an eye.
  const bald = color.red === skin.red && color.green === skin.green && color.blue === skin.blue;
  const sockets = bald ? undefined : [RIGHT_EYE_OPENING, LEFT_EYE_OPENING].map((indices) => landmarkBox(layout, indices, 1));
  return { color, below: layout.landmarks[NOSE_BOTTOM * 2 + 1] / layout.height, brows, sockets };
}

/** Both eyes' triangles. */
function eyeFaces(regions: HeadTemplate['regions']): Uint32Array {
  const out = new Uint32Array(regions.leftEye.faces.length + regions.rightEye.faces.length);
  out.set(regions.leftEye.faces);
  out.set(regions.rightEye.faces, regions.leftEye.faces.length);
  return out;
}

type Size = { readonly width: number; readonly height: number };

/** The pipelines' usual size of the `model` texture. */
const DEFAULT_TEXTURE_SIZE: Size = { width: 4096, height: 2048 };
/**
 * The skin smoothing of a face the engine lights (BakeOptions.smoothSkin, levels): the photo's grain
 * and the blotches of its light (about 10 levels on astronaut.png's cheeks) go, lids, brows and
 * lips (50 and more) stay.
 */
const ENGINE_LIT_SMOOTHING = 6;

/** The texture size: `texture_size` when given, else the pipeline's, or the square of a repacked layout. */
function textureSize(parameters: EffectiveParameters, repacked: boolean, fallback: Size): Size {
  const size = parameters.avatar_modifications.texture_size as Size | undefined;
  if (size) return size;
  return repacked ? { width: REPACKED_TEXTURE_SIZE, height: REPACKED_TEXTURE_SIZE } : fallback;
}

/**
 * Bakes the `model` texture from the (edited) photo and applies the texture's avatar modifications:
 * head_1.2's hair, parametric eyes (v1 wins over v2, as the spec says), the lips, teeth and hair
 * colours, and last `slightly_cartoonish_texture`, which restyles everything before it.
 * `eye_iris_color` and `eye_sclera_color` work only through parametric eyes: a photo's eye is
 * not recoloured.
 */
export function headTexture(
  geometry: HeadGeometry, photo: Image, analysis: FaceAnalysis, parameters: EffectiveParameters, defaultSize: Size = DEFAULT_TEXTURE_SIZE,
): HeadTexture {
  const m = parameters.avatar_modifications;
  const { head, hair } = geometry;
  const { width, height } = textureSize(parameters, geometry.repacked, defaultSize);
  const projection = head.projection;
  const layout = faceLayout(
    { uvs: head.mesh.uvs!, indices: head.mesh.indices, binding: head.template.landmarks, photo: { landmarks: analysis.face.landmarks, projection } },
    { width, height },
  );
  const baked = bakeTexture(
    {
      mesh: head.mesh, projection, photo, skin: analysis.colors.skin, faceOutline: faceOutline(analysis.face),
      // What the photo saw badly on one side of the face is taken from the other.
      mirror: head.template.mirror,
      facialHair: facialHair(layout, analysis.colors.hair, analysis.colors.skin),
      // Their colour is their own: kept out of the skin fill, and never taken for an occluder.
      regions: { eyes: { faces: eyeFaces(head.template.regions) }, lips: head.template.regions.lips },
      // The hair region (fringe included) stays off the skin whether it goes into the head or a
      // haircut, and so do strands fallen over the face: the side they hide is taken from the other.
      masks: { person: analysis.segmentation.person, hair: withStrands(hair?.region ?? analysis.segmentation.hair, faceStrands(photo, analysis)) },
    },
    // A head whose haircut is a mesh of its own is shown bald without it: its forehead fades into the
    // fill beside the hair rather than ending on the strands and shadow along the fringe.
    // Sharpening gives a face lit by its photo back its edges; one lit by the engine instead
    // (enhance_lighting, persona_2.0) shows the pores, freckles, JPEG blocks and blotches of the
    // photo's light as dirt under a key light, so its skin is smoothed, its features kept
    // (docs/texture.md, step 10).
    {
      width, height, evenLighting: m.enhance_lighting === true ? 1 : 0, hairMargin: geometry.haircut ? HAIR_MARGIN : 0,
      ...(m.enhance_lighting === true ? { sharpen: 0, smoothSkin: ENGINE_LIT_SMOOTHING } : {}),
    },
  );
  let texture = baked.texture;
  let hairMask: Mask | undefined;
  let haircut: HeadTexture['haircut'];
  if (hair) {
    const painted = hairTexture({
      texture,
      mesh: { ...hair.mesh, uvs: head.mesh.uvs },
      coverage: hair.coverage,
      projection: hair.projection,
      photo,
      hair: hair.region,
      color: analysis.colors.hair,
      // Skin the hair region mistook for hair is left to the bake.
      skin: baked.tone,
      curtain: geometry.curtain && geometry.curtainStrip
        ? { mesh: geometry.curtain, strip: geometry.curtainStrip, camera: geometry.fitted.camera, width: analysis.width, height: analysis.height }
        : undefined,
    });
    // Hair without a haircut of its own (merged, or flat on the scalp) is the head's.
    if (!geometry.haircut) {
      texture = painted.texture;
      hairMask = painted.mask;
    } else {
      haircut = { texture: m.hair_color ? recolorRegion(painted.texture, painted.mask, m.hair_color as Rgb) : painted.texture, mask: painted.mask };
    }
  }
  const measured = eyeColours(analysis.colors);
  const iris = (m.eye_iris_color as Rgb | undefined) ?? measured.iris;
  const sclera = (m.eye_sclera_color as Rgb | undefined) ?? measured.sclera;
  if (m.parametric_eyes_texture === true) {
    texture = parametricEyes(texture, layout, { iris, sclera, glare: m.add_glare === true, eyelidShadow: m.add_eyelid_shadow === true });
  } else if (m.parametric_eyes_texture_v2 === true) {
    texture = parametricEyesV2(texture, layout, { iris, sclera });
  }
  if (m.lips_color) texture = recolorLips(texture, layout, m.lips_color as Rgb);
  if (m.teeth_color) texture = recolorTeeth(texture, layout, m.teeth_color as Rgb);
  if (m.hair_color && hairMask) texture = recolorRegion(texture, hairMask, m.hair_color as Rgb);
  // The inside of the mouth, which an open mouth (jawOpen, visemes) shows: tinted by the lips' colour.
  const lips = (m.lips_color as Rgb | undefined) ?? analysis.colors.lips;
  texture = paintMouthBag(texture, head.template, head.mesh.uvs!, { lips: [lips.red, lips.green, lips.blue] });
  if (m.slightly_cartoonish_texture === true) texture = slightlyCartoonishTexture(texture);
  return { texture, layout, hair: hairMask, haircut, tone: baked.tone };
}

/** The hair mask with the strands over the face added (both the analysis' mask size). */
function withStrands(hair: Mask, strands: Mask): Mask {
  const data = hair.data.slice();
  for (let i = 0; i < data.length; i++) if (strands.data[i] > data[i]) data[i] = strands.data[i];
  return { ...hair, data };
}
