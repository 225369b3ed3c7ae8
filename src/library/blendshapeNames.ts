/**
 * The blendshape sets of the spec (`blendshapes` parameters) and the names of their shapes, in the
 * order the shapes are delivered. "Left"/"right" are the person's own (+X is the person's left).
 */

/**
 * `mobile_51`: the face-tracking blendshapes of Apple's ARKit (ARFaceAnchor.BlendShapeLocation),
 * spelled as there, without tongueOut (no tongue): 51 shapes.
 */
export const MOBILE_51 = [
  'browDownLeft', 'browDownRight', 'browInnerUp', 'browOuterUpLeft', 'browOuterUpRight',
  'cheekPuff', 'cheekSquintLeft', 'cheekSquintRight',
  'eyeBlinkLeft', 'eyeBlinkRight', 'eyeLookDownLeft', 'eyeLookDownRight', 'eyeLookInLeft', 'eyeLookInRight',
  'eyeLookOutLeft', 'eyeLookOutRight', 'eyeLookUpLeft', 'eyeLookUpRight', 'eyeSquintLeft', 'eyeSquintRight',
  'eyeWideLeft', 'eyeWideRight',
  'jawForward', 'jawLeft', 'jawOpen', 'jawRight',
  'mouthClose', 'mouthDimpleLeft', 'mouthDimpleRight', 'mouthFrownLeft', 'mouthFrownRight', 'mouthFunnel',
  'mouthLeft', 'mouthLowerDownLeft', 'mouthLowerDownRight', 'mouthPressLeft', 'mouthPressRight', 'mouthPucker',
  'mouthRight', 'mouthRollLower', 'mouthRollUpper', 'mouthShrugLower', 'mouthShrugUpper',
  'mouthSmileLeft', 'mouthSmileRight', 'mouthStretchLeft', 'mouthStretchRight',
  'mouthUpperUpLeft', 'mouthUpperUpRight', 'noseSneerLeft', 'noseSneerRight',
] as const;

export type Mobile51Name = (typeof MOBILE_51)[number];

/**
 * `visemes_15`: the spec's list, in its order: the 14 visemes of its lip-sync standard (Oculus/Meta
 * OVR LipSync's, spelled as the spec spells them) plus frown and smile, 16 shapes in all (the set's
 * name says 15: it counts the visemes of the standard, sil included, not the two expressions).
 */
export const VISEMES_15 = [
  'AA', 'CH', 'EE', 'IH', 'OH', 'OU', 'TH', 'dd', 'ff', 'kk', 'nn', 'pp', 'rr', 'sil', 'frown', 'smile',
] as const;

/** `visemes_14`: Oculus/Meta OVR LipSync's 15 visemes (its own spelling) without sil. */
export const VISEMES_14 = ['PP', 'FF', 'TH', 'DD', 'kk', 'CH', 'SS', 'nn', 'RR', 'aa', 'E', 'ih', 'oh', 'ou'] as const;

/**
 * `visemes_17`: Amazon Polly's 17 visemes, named by Polly's own symbols (its speech marks give
 * these, so they drive the shapes directly). Case matters: S/s, T/t, E/e, O/o are different visemes.
 */
export const VISEMES_17 = ['sil', 'p', 't', 'S', 'T', 'f', 'k', 'i', 'r', 's', 'u', '@', 'a', 'e', 'E', 'o', 'O'] as const;

/** `emotions`: Ekman's six basic emotions and contempt, each a full expression. */
export const EMOTIONS = ['happy', 'sad', 'angry', 'surprised', 'disgusted', 'fearful', 'contempt'] as const;

/**
 * `legacy_45`: Facial Action Coding System action units (Ekman & Friesen), the classic rig of
 * facial animation before ARKit: AU number, name, and _L/_R where the unit is one-sided. 45 shapes.
 */
export const LEGACY_45 = [
  'AU01_InnerBrowRaiser', 'AU02_OuterBrowRaiser_L', 'AU02_OuterBrowRaiser_R', 'AU04_BrowLowerer_L', 'AU04_BrowLowerer_R',
  'AU05_UpperLidRaiser_L', 'AU05_UpperLidRaiser_R', 'AU06_CheekRaiser_L', 'AU06_CheekRaiser_R',
  'AU07_LidTightener_L', 'AU07_LidTightener_R', 'AU09_NoseWrinkler_L', 'AU09_NoseWrinkler_R',
  'AU10_UpperLipRaiser_L', 'AU10_UpperLipRaiser_R', 'AU11_NasolabialDeepener', 'AU12_LipCornerPuller_L', 'AU12_LipCornerPuller_R',
  'AU14_Dimpler_L', 'AU14_Dimpler_R', 'AU15_LipCornerDepressor_L', 'AU15_LipCornerDepressor_R',
  'AU16_LowerLipDepressor_L', 'AU16_LowerLipDepressor_R', 'AU17_ChinRaiser', 'AU18_LipPucker',
  'AU20_LipStretcher_L', 'AU20_LipStretcher_R', 'AU22_LipFunneler', 'AU23_LipTightener', 'AU24_LipPressor',
  'AU25_LipsPart', 'AU26_JawDrop', 'AU27_MouthStretch', 'AU28_LipSuck', 'AU29_JawThrust',
  'AU30_JawSideways_L', 'AU30_JawSideways_R', 'AU34_Puff',
  'AU43_EyesClosed_L', 'AU43_EyesClosed_R', 'AU61_EyesLeft', 'AU62_EyesRight', 'AU63_EyesUp', 'AU64_EyesDown',
] as const;

/**
 * `face_modifications`: sliders of the face's shape, each +1 at full strength (a clearly different
 * but plausible face; apply negative weights for the other way).
 */
export const FACE_MODIFICATIONS = [
  'face_width', 'face_length', 'cheekbone_width', 'cheek_fullness', 'jaw_width', 'chin_length', 'chin_forward',
  'nose_width', 'nose_length', 'eye_size', 'mouth_width', 'lip_fullness',
] as const;

/** `face_modifications_2`: the spec's two. face_shape rounds the face; jaw_shape squares the jaw. */
export const FACE_MODIFICATIONS_2 = ['face_shape', 'jaw_shape'] as const;

/** `customisation`: persona_2.0's face blends, the creator's names (creator.md, blends; geometry/blendshapes/customisation.ts). */
export const CUSTOMISATION = [
  'HeadHeight', 'UpperHeadVolume', 'UpperHeadWidth', 'LowerHeadWidth', 'JawLine', 'EyesSize', 'Monolid', 'Squint',
  'NoseWidth', 'NoseSharp', 'NoseLength', 'NosePosition', 'NoseTipUpDown', 'NoseTipLeftRight', 'NoseWingsUpDown',
  'NoseWingsInOut', 'LipsSize',
] as const;

export const BLENDSHAPE_SETS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  mobile_51: MOBILE_51,
  visemes_15: VISEMES_15,
  visemes_14: VISEMES_14,
  visemes_17: VISEMES_17,
  legacy_45: LEGACY_45,
  emotions: EMOTIONS,
  face_modifications: FACE_MODIFICATIONS,
  face_modifications_2: FACE_MODIFICATIONS_2,
  customisation: CUSTOMISATION,
});

/** The spec's blendshape sets of head avatars (body_shape is the body's, not here). */
export const BLENDSHAPE_SET_NAMES: readonly string[] = Object.freeze(Object.keys(BLENDSHAPE_SETS));

/** The names of a set's shapes, in delivery order; throws on a set that does not exist. */
export function blendshapeNames(set: string): readonly string[] {
  const names = Object.hasOwn(BLENDSHAPE_SETS, set) ? BLENDSHAPE_SETS[set] : undefined;
  if (!names) throw new RangeError(`no blendshape set ${set}; the sets are ${BLENDSHAPE_SET_NAMES.join(', ')}`);
  return names;
}

/** The creator's body blends (creator spec, "blends"), in its order: one pair of blendshapes each. */
export const BODY_BLENDS = ['Body', 'Neck', 'Shoulders', 'Chest', 'Forearms', 'Waist', 'Hips', 'Legs'] as const;
export type BodyBlend = (typeof BODY_BLENDS)[number];

/** The body's own set, `body_shape` (body_0.3). */
export const BODY_SHAPE_SET = 'body_shape';

/**
 * The `body_shape` set's 16 names: `<Blend>_increase` then `<Blend>_decrease` for each creator
 * blend. A creator value v in [−1, 1] is `<Blend>_increase` at weight v when v > 0, and
 * `<Blend>_decrease` at weight −v when v < 0.
 */
export const BODY_SHAPE_BLENDSHAPES: readonly string[] = Object.freeze(BODY_BLENDS.flatMap((b) => [`${b}_increase`, `${b}_decrease`]));
