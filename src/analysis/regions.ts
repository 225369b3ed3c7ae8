/**
 * Named sets of face-mesh landmark indices (MediaPipe Face Mesh numbering, 478 points with irises).
 * "Right"/"left" are the person's own: their right eye is on the left of the photo.
 * Polygons are listed in contour order.
 */

/** Outline of the face: forehead hairline (approximately), temples, jaw and chin. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];

/** Eye openings along the eyelid margins (upper lid then lower lid). */
export const RIGHT_EYE_OPENING = [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7];
export const LEFT_EYE_OPENING = [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249];

/** Iris centre followed by four points on the iris edge. */
export const RIGHT_IRIS = [468, 469, 470, 471, 472];
export const LEFT_IRIS = [473, 474, 475, 476, 477];

/** Outer and inner lip contours; the lips are the ring between them (the inner one holds the mouth opening). */
export const LIPS_OUTER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146];
export const LIPS_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95];

/** The brows: upper edge from the outer end inwards, then the lower edge the same way. */
export const RIGHT_BROW = [70, 63, 105, 66, 107, 46, 53, 52, 65, 55];
export const LEFT_BROW = [300, 293, 334, 296, 336, 276, 283, 282, 295, 285];

/**
 * Skin patches (used through their convex hulls): the cheeks below the eyes, away from nose and lips,
 * and the lower middle of the forehead just above the inner eyebrows, below where a fringe usually
 * reaches. Skin there is rarely covered or shaded.
 */
export const RIGHT_CHEEK = [117, 118, 101, 36, 205, 187, 123];
export const LEFT_CHEEK = [346, 347, 330, 266, 425, 411, 352];
export const FOREHEAD = [108, 151, 337, 336, 9, 107];

/** Outer eye corners, inner eye corners, nose tip and mouth corners, used to align the face. */
export const RIGHT_EYE_CORNERS = [33, 133];
export const LEFT_EYE_CORNERS = [362, 263];
export const NOSE_TIP = 1;
/** The bottom of the nose, above the upper lip. */
export const NOSE_BOTTOM = 2;
export const MOUTH_RIGHT = 61;
export const MOUTH_LEFT = 291;
/** Top of the forehead and bottom of the chin on the face oval. */
export const FOREHEAD_TOP = 10;
export const CHIN_BOTTOM = 152;

/**
 * Mirror pairs [person's right, person's left] across the face's symmetry plane: eye corners, mouth
 * corners, cheekbones and jaw. Their differences point along the face's left-right axis.
 */
export const SYMMETRIC_PAIRS: ReadonlyArray<readonly [number, number]> = [
  [33, 263], [133, 362], [61, 291], [234, 454], [93, 323], [132, 361], [58, 288], [127, 356],
];
