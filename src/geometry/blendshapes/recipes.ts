/**
 * The sets other than mobile_51 and face_modifications, as weighted sums of their shapes (a
 * viseme is a mouth pose, an emotion a whole-face expression, a FACS action unit mostly one ARKit
 * shape). Weights follow common practice of ARKit-driven lip-sync and expression rigs.
 */
export type Recipe = Readonly<Record<string, number>>;

const both = (name: string, w: number): Recipe => ({ [`${name}Left`]: w, [`${name}Right`]: w });

/** Oculus/Meta OVR LipSync visemes, by the OVR names. */
const OVR: Readonly<Record<string, Recipe>> = {
  sil: { ...both('mouthPress', 0.2) },
  PP: { ...both('mouthPress', 0.5), mouthRollUpper: 0.2, mouthRollLower: 0.25, jawOpen: 0.05, mouthClose: 0.05 },
  FF: { jawOpen: 0.1, mouthRollLower: 0.6, ...both('mouthUpperUp', 0.25), mouthClose: 0.05 },
  TH: { jawOpen: 0.2, ...both('mouthUpperUp', 0.1), ...both('mouthLowerDown', 0.1), ...both('mouthStretch', 0.1) },
  DD: { jawOpen: 0.25, ...both('mouthStretch', 0.15), ...both('mouthUpperUp', 0.1) },
  kk: { jawOpen: 0.3, ...both('mouthStretch', 0.2) },
  CH: { jawOpen: 0.15, mouthFunnel: 0.5, mouthPucker: 0.2, ...both('mouthUpperUp', 0.2), ...both('mouthLowerDown', 0.2) },
  SS: { jawOpen: 0.08, ...both('mouthStretch', 0.35), ...both('mouthUpperUp', 0.15), ...both('mouthLowerDown', 0.2) },
  nn: { jawOpen: 0.2, ...both('mouthStretch', 0.1), ...both('mouthUpperUp', 0.1) },
  RR: { jawOpen: 0.15, mouthFunnel: 0.35, mouthPucker: 0.3 },
  aa: { jawOpen: 0.6, ...both('mouthLowerDown', 0.2), ...both('mouthUpperUp', 0.1) },
  E: { jawOpen: 0.35, ...both('mouthStretch', 0.35), ...both('mouthSmile', 0.15), ...both('mouthUpperUp', 0.15) },
  ih: { jawOpen: 0.2, ...both('mouthStretch', 0.4), ...both('mouthSmile', 0.3), ...both('mouthUpperUp', 0.2) },
  oh: { jawOpen: 0.45, mouthFunnel: 0.6, mouthPucker: 0.2 },
  ou: { jawOpen: 0.15, mouthPucker: 0.85, mouthFunnel: 0.4 },
};

const FROWN: Recipe = { ...both('mouthFrown', 0.9), mouthShrugLower: 0.3, ...both('mouthPress', 0.2) };
const SMILE: Recipe = { ...both('mouthSmile', 0.9), ...both('cheekSquint', 0.3) };

/** The spec's visemes_15 names are OVR's, spelled otherwise. */
const VISEMES_15: Readonly<Record<string, Recipe>> = {
  AA: OVR.aa, CH: OVR.CH, EE: OVR.E, IH: OVR.ih, OH: OVR.oh, OU: OVR.ou, TH: OVR.TH, dd: OVR.DD, ff: OVR.FF,
  kk: OVR.kk, nn: OVR.nn, pp: OVR.PP, rr: OVR.RR, sil: OVR.sil, frown: FROWN, smile: SMILE,
};

const VISEMES_14: Readonly<Record<string, Recipe>> = Object.fromEntries(Object.entries(OVR).filter(([name]) => name !== 'sil'));

/** Amazon Polly's visemes: p (b m p), t (d t n), S (ch j sh zh), T (th), f (f v), k (g k ng), i (i ɪ),
 * r, s (s z), u (u w), @ (ə), a (a æ), e (e ɛ), E (ɜ, bird), o (o, boat), O (ɔ, caught). */
const VISEMES_17: Readonly<Record<string, Recipe>> = {
  sil: OVR.sil, p: OVR.PP, t: OVR.DD, S: OVR.CH, T: OVR.TH, f: OVR.FF, k: OVR.kk, i: OVR.ih, r: OVR.RR, s: OVR.SS,
  u: OVR.ou, '@': { jawOpen: 0.3, ...both('mouthLowerDown', 0.1) }, a: OVR.aa, e: OVR.E,
  E: { jawOpen: 0.3, mouthFunnel: 0.2, ...both('mouthStretch', 0.1) },
  o: { jawOpen: 0.35, mouthFunnel: 0.5, mouthPucker: 0.3 }, O: { jawOpen: 0.5, mouthFunnel: 0.7 },
};

const EMOTIONS: Readonly<Record<string, Recipe>> = {
  happy: { ...both('mouthSmile', 1), ...both('cheekSquint', 0.6), ...both('eyeSquint', 0.3), jawOpen: 0.1, ...both('mouthUpperUp', 0.2) },
  sad: { browInnerUp: 0.9, ...both('mouthFrown', 0.8), mouthShrugLower: 0.4, ...both('eyeLookDown', 0.2), ...both('mouthPress', 0.2) },
  angry: { ...both('browDown', 1), ...both('eyeSquint', 0.4), ...both('noseSneer', 0.4), ...both('mouthPress', 0.5), ...both('mouthFrown', 0.3), jawForward: 0.1 },
  surprised: { browInnerUp: 0.9, ...both('browOuterUp', 0.9), ...both('eyeWide', 1), jawOpen: 0.5, mouthFunnel: 0.2 },
  disgusted: { ...both('noseSneer', 1), ...both('mouthUpperUp', 0.7), ...both('browDown', 0.5), ...both('eyeSquint', 0.4), ...both('mouthFrown', 0.3), ...both('cheekSquint', 0.3) },
  fearful: { browInnerUp: 1, ...both('browOuterUp', 0.4), ...both('eyeWide', 0.8), ...both('mouthStretch', 0.6), jawOpen: 0.2 },
  contempt: { mouthSmileLeft: 0.5, mouthDimpleLeft: 0.6, eyeSquintLeft: 0.1, ...both('browDown', 0.1) },
};

/** FACS action units; _L/_R the person's left/right. AU61 turns the eyes to the person's left. */
const one = (name: string): Recipe => ({ [name]: 1 });
const sided = (au: string, name: string, extra: (side: 'Left' | 'Right') => Recipe = () => ({})): Record<string, Recipe> => ({
  [`${au}_L`]: { [`${name}Left`]: 1, ...extra('Left') },
  [`${au}_R`]: { [`${name}Right`]: 1, ...extra('Right') },
});
const LEGACY_45: Readonly<Record<string, Recipe>> = {
  AU01_InnerBrowRaiser: one('browInnerUp'),
  ...sided('AU02_OuterBrowRaiser', 'browOuterUp'), ...sided('AU04_BrowLowerer', 'browDown'),
  ...sided('AU05_UpperLidRaiser', 'eyeWide'), ...sided('AU06_CheekRaiser', 'cheekSquint', (s) => ({ [`eyeSquint${s}`]: 0.3 })),
  ...sided('AU07_LidTightener', 'eyeSquint'), ...sided('AU09_NoseWrinkler', 'noseSneer'), ...sided('AU10_UpperLipRaiser', 'mouthUpperUp'),
  AU11_NasolabialDeepener: { ...both('mouthUpperUp', 0.35), ...both('mouthSmile', 0.15) },
  ...sided('AU12_LipCornerPuller', 'mouthSmile'), ...sided('AU14_Dimpler', 'mouthDimple'), ...sided('AU15_LipCornerDepressor', 'mouthFrown'),
  ...sided('AU16_LowerLipDepressor', 'mouthLowerDown'),
  AU17_ChinRaiser: one('mouthShrugLower'), AU18_LipPucker: one('mouthPucker'),
  ...sided('AU20_LipStretcher', 'mouthStretch'),
  AU22_LipFunneler: one('mouthFunnel'),
  AU23_LipTightener: { ...both('mouthPress', 0.6), mouthRollUpper: 0.1, mouthRollLower: 0.1 },
  AU24_LipPressor: both('mouthPress', 1),
  AU25_LipsPart: { ...both('mouthUpperUp', 0.25), ...both('mouthLowerDown', 0.35) },
  AU26_JawDrop: { jawOpen: 0.6 }, AU27_MouthStretch: { jawOpen: 1, ...both('mouthStretch', 0.3) },
  AU28_LipSuck: { mouthRollUpper: 1, mouthRollLower: 1 }, AU29_JawThrust: one('jawForward'),
  AU30_JawSideways_L: one('jawLeft'), AU30_JawSideways_R: one('jawRight'), AU34_Puff: one('cheekPuff'),
  ...sided('AU43_EyesClosed', 'eyeBlink'),
  AU61_EyesLeft: { eyeLookOutLeft: 1, eyeLookInRight: 1 }, AU62_EyesRight: { eyeLookInLeft: 1, eyeLookOutRight: 1 },
  AU63_EyesUp: both('eyeLookUp', 1), AU64_EyesDown: both('eyeLookDown', 1),
};

/** face_shape rounds the face (fuller cheeks, wider jaw, shorter chin); jaw_shape squares the jaw. */
const FACE_MODIFICATIONS_2: Readonly<Record<string, Recipe>> = {
  face_shape: { cheek_fullness: 0.8, jaw_width: 0.5, face_length: -0.4, chin_length: -0.3 },
  jaw_shape: { jaw_width: 1, chin_forward: 0.3, face_width: 0.2 },
};

/** Recipes by set; a set absent here is its shapes themselves (mobile_51, face_modifications). */
export const RECIPES: Readonly<Record<string, Readonly<Record<string, Recipe>>>> = {
  visemes_15: VISEMES_15, visemes_14: VISEMES_14, visemes_17: VISEMES_17, emotions: EMOTIONS,
  legacy_45: LEGACY_45, face_modifications_2: FACE_MODIFICATIONS_2,
};
