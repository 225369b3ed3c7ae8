/**
 * The one geometry type of Likeness: an indexed triangle mesh in plain typed arrays.
 * Units are metres; +Y is up and the face looks towards +Z (right-handed, as glTF).
 * UVs are per vertex: a UV seam is a row of duplicated vertices, as glTF and PLY want it.
 */
export interface Mesh {
  /** x, y, z per vertex. */
  positions: Float32Array;
  /** Unit normal per vertex, pointing out of the surface. */
  normals?: Float32Array;
  /** u, v per vertex in [0, 1]; v = 0 is the top row of the texture image, as in glTF (the PLY writer flips it). */
  uvs?: Float32Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

export function vertexCount(mesh: Mesh): number {
  return mesh.positions.length / 3;
}

export function faceCount(mesh: Mesh): number {
  return mesh.indices.length / 3;
}
