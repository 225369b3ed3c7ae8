/**
 * Our parametric body model (see docs/bodies.md): one fixed topology built from rings, a shape
 * space anchored on ANSUR II, tape-measure measurements and a solver that meets them, ten shape
 * coefficients of our own basis, a Mixamo-named skeleton, skin weights and linear blend skinning.
 * Headless: it ends at an open neck ring where the head is joined.
 */
export {
  ANSUR_MEANS, BODY_SHAPE_INTERVALS, maleness, meanMeasurement, predictedGirth, resolveBodyShape,
  type BodyGender, type BodyShape, type ResolvedBodyShape,
} from './bodyShape.js';
export { bodyProportions, HEAD_SHARE_OF_STATURE, type BodyProportions, type TorsoSection, type Vec3 } from './bodyProportions.js';
export {
  ARM_HOLE, BODY_REGION_NAMES, BODY_RINGS, bodyTopology, TORSO_ROWS,
  type BodyRegionName, type BodySide, type BodyTopology, type UvIsland,
} from './bodyTopology.js';
export { bodyLayout, bodyMesh, bodyMeshFromPositions, bodyPositions, type BodyMesh } from './bodyMesh.js';
export { UNIT_GIRTH_SCALES, type GirthScales } from './bodyTorso.js';
export { bodyMeasurements, hullPerimeter, tapeMeasure, type BodyMeasurements } from './bodyMeasurements.js';
export { solveBodyShape, SOLVE_BODY_SHAPE_DEFAULTS, type SolveBodyShapeOptions, type SolvedBody } from './bodyShapeSolver.js';
export { BONE_NAMES, bodySkeleton, FINGER_NAMES, PIVOT_SHIFT, sceneJoints, type Bone, type Skeleton } from './skeleton.js';
export { bodySkinWeights, meshSkinWeights, SKIN_WEIGHTS_DEFAULTS, type SkinWeights, type SkinWeightsOptions } from './skinWeights.js';
export { poseBody, poseSkeleton, rotationMatrix, type BoneRotation, type BoneRotations, type PosedSkeleton } from './linearBlendSkinning.js';
export { BASIS_SAMPLES, BASIS_SIZE, bodyShapeBasis, bodyShapeCoefficients, bodyShapeCoeffs10, type BodyShapeBasis } from './bodyShapeBasis.js';
export {
  BODY_BLENDS, BODY_SHAPE_BLENDSHAPES, BODY_SHAPE_BLENDSHAPES_DEFAULTS, bodyBlendAmount, bodyBlendMeasurement, bodyShapeBlendshapeDeltas,
  bodyShapeBlendshapes, type BodyBlend, type BodyBlendshapeDelta, type BodyShapeBlendshapesOptions,
} from './bodyBlendshapes.js';
export { bodyAnimationPoseAt, sampleBodyAnimation, type BodyAnimation, type BodyAnimationPose } from './bodyAnimation.js';
export { walkAnimation, WALK_ANIMATION_DEFAULTS, type WalkAnimationOptions } from './bodyAnimationWalk.js';
export { idleAnimation, IDLE_ANIMATION_DEFAULTS, type IdleAnimationOptions } from './bodyAnimationIdle.js';
export { heldPoseAnimation, HELD_POSES, HELD_POSE_NAMES, type HeldPose } from './bodyAnimationPoses.js';
export { BODY_DEFAULT_LOD_BUDGETS, BODY_LOD_BUDGETS, PERSONA_BODY_BUDGETS, BODY_LOD_DEFAULTS, bodyLod, foldedTriangles, type BodyLod, type BodyLodOptions, type BodyLodRow, type BodyTemplate } from './bodyLod.js';
export {
  BODY_TEXTURE_DEFAULTS, bodyTexture, bodyTextureBasis, bodyTextureToned, type BodyTextureBasis, type BodyTextureOptions, type BodyTextures,
} from './bodyTexture.js';
export { BODY_ATLAS_V, FUSE_HEAD_DEFAULTS, fusedBodyDeltas, fusedDeltas, fuseHead, HEAD_ATLAS_V, type FusedAvatar, type FuseHeadOptions } from './headFusion.js';
export { fusedLod, type FusedLod } from './fusedLod.js';
