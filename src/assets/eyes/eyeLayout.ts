/**
 * The eye's UV layout, shared by the eyeball, the cornea and the eye texture: an azimuthal
 * equidistant projection about the gaze (+Z). The texture's centre is the front pole (the pupil's
 * centre), the distance from the centre grows in proportion to the angle from +Z, and the back pole
 * lies on the inscribed circle's rim. The image is the eye seen from the front: +X (the person's
 * left for an eye looking out of the face) to the right, +Y up. There is no seam anywhere but the
 * back pole, which nobody sees.
 *
 * ```ts
 * const [u, v] = eyeUv(EYE_IRIS_ANGLE, 0); // the limbus, level with the pupil, towards +X
 * ```
 */
export function eyeUv(theta: number, phi: number): [number, number] {
  const r = (0.5 * theta) / Math.PI;
  return [0.5 + r * Math.cos(phi), 0.5 - r * Math.sin(phi)];
}

/** The inverse of {@link eyeUv}: angle from +Z and azimuth (from +X towards +Y) of a UV; theta > π outside the disc. */
export function eyeDirection(u: number, v: number): { theta: number; phi: number } {
  const x = u - 0.5, y = 0.5 - v;
  return { theta: 2 * Math.PI * Math.hypot(x, y), phi: Math.atan2(y, x) };
}

/**
 * Iris radius over eyeball radius: an 11.5 mm iris on a 24 mm eyeball. Meshes of any radius keep it,
 * so one texture fits them all.
 */
export const EYE_IRIS_SIZE = 5.75 / 12;

/** Angle from +Z of the limbus (the iris's rim), radians: about 28.6°. */
export const EYE_IRIS_ANGLE = Math.asin(EYE_IRIS_SIZE);
