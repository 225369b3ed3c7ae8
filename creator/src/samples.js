/**
 * Sample avatars (Desktop's `showSampleAvatars`, Mobile's `isNoPhotoVisible`): photos shipped with the
 * page (samples/PROVENANCE.md), for a user without a photo of their own. A sample becomes an avatar as
 * any photo does, through generate_avatar with the sample's gender. Vite emits the images as assets;
 * they are fetched only when shown or chosen.
 */
export const SAMPLES = [
  { name: 'astronaut', gender: 'female', photo: new URL('./samples/astronaut.jpg', import.meta.url).href, face: new URL('./samples/astronaut-face.jpg', import.meta.url).href },
  { name: 'camera', gender: 'male', photo: new URL('./samples/camera.jpg', import.meta.url).href, face: new URL('./samples/camera-face.jpg', import.meta.url).href },
];

/** The samples a user may pick: of the gender the host (or the user's first answer) settled, else all. */
export function samplesFor(gender) {
  return gender ? SAMPLES.filter((s) => s.gender === gender) : SAMPLES;
}

/** generate_avatar's fields for a sample: its own gender; the age the host fixed, else adult (the people are adults). */
export function sampleRequest(sample, fixedAge, image) {
  return { eventName: 'generate_avatar', gender: sample.gender, age: fixedAge || 'adult', image };
}
