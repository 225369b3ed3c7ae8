/**
 * The 68-point iBUG 300-W layout (the dlib / face-alignment one) as face-mesh indices: entry k is the
 * MediaPipe mesh landmark used for iBUG point k. "Right"/"left" are the person's own; iBUG numbers
 * from the photo's left (the person's right) like the mesh.
 *
 *   0–16  jaw, from the top of the right ear's level down to the chin (8) and up to the left ear
 *  17–21  right eyebrow, outer → inner (upper edge)     22–26  left eyebrow, inner → outer
 *  27–30  nose bridge, top → tip                          31–35  nostril base, right → left (33 below the tip)
 *  36–41  right eye: outer corner, upper lid ×2, inner corner, lower lid ×2
 *  42–47  left eye: inner corner, upper lid ×2, outer corner, lower lid ×2
 *  48–59  outer lip contour: right corner (48), upper lip to the left corner (54), lower lip back
 *  60–67  inner lip contour: right corner (60), upper (62 middle), left corner (64), lower (66 middle)
 *
 * The mesh has no vertex exactly where every iBUG point sits: each entry is the nearest one, chosen by
 * spacing along the mesh contours as iBUG spaces its points, and checked on overlays of the test
 * photos. The table is mirror-symmetric (e.g. 39 ↔ 269, 160 ↔ 387). The jaw follows the mesh's face
 * oval, which on the upper cheeks runs a little inside where iBUG annotators put the ear points.
 */
export const IBUG68_FROM_MESH: readonly number[] = [
  // jaw 0–16: face-oval vertices at even arc-length steps from eye level (127) round the chin (152)
  127, 234, 93, 132, 172, 136, 149, 148, 152, 377, 378, 365, 397, 361, 323, 454, 356,
  // right eyebrow 17–21, left eyebrow 22–26 (the mesh's upper eyebrow edge)
  70, 63, 105, 66, 107, 336, 296, 334, 293, 300,
  // nose bridge 27–30 (168 between the eyes … 4 on the tip), nostril base 31–35 (2 below the tip)
  168, 197, 5, 4, 75, 97, 2, 326, 305,
  // right eye 36–41, left eye 42–47: corners, then lid vertices at about 1/3 and 2/3 of each lid
  33, 160, 158, 133, 153, 144, 362, 385, 387, 263, 373, 380,
  // outer lips 48–59: corners 61/291, 0 the top middle, 17 the bottom middle, others evenly between
  61, 39, 37, 0, 267, 269, 291, 321, 314, 17, 84, 91,
  // inner lips 60–67: corners 78/308, 13 top middle, 14 bottom middle, others halfway
  78, 81, 13, 311, 308, 402, 14, 178,
];

/** The 68 points as a flat [x, y, z] * 68 array, from mesh points already in output units. */
export function landmarks68(flatMesh: ReadonlyArray<number>): number[] {
  const out: number[] = [];
  for (const i of IBUG68_FROM_MESH) out.push(flatMesh[i * 3], flatMesh[i * 3 + 1], flatMesh[i * 3 + 2]);
  return out;
}

