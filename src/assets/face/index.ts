/**
 * Facial performances made by our code: the creator's face demos (`FaceDemo_001` to `FaceDemo_005`)
 * as keyframed ARKit (mobile_51) weights and head turns (faceDemos.ts), written as beats that rise,
 * hold and fall (faceBeats.ts), speech as visemes (faceSpeech.ts).
 */
export { faceDemo, FACE_DEMO_FPS, FACE_DEMO_NAMES, type FaceDemo, type FaceDemoName } from './faceDemos.js';
export { VISEMES } from './faceSpeech.js';
