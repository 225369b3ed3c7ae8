import type { Mesh } from '../core/mesh.js';

export interface PlyOptions {
  /** Write only the vertex positions: no normals, UVs or faces (a pointcloud). Default false. */
  pointsOnly?: boolean;
  /** A `comment` line in the header. */
  comment?: string;
}

/**
 * Binary little-endian PLY, the format the original service serves meshes in. Texture coordinates are
 * per vertex (`s`, `t` properties, t = 0 at the bottom of the image as MeshLab and Blender read them);
 * UV seams are duplicated vertices. Faces are triangles, as `list uchar uint vertex_indices`.
 * Written by hand: a PLY writer is a header and two tightly packed arrays, and no maintained npm package
 * writes binary PLY with per-vertex texcoords.
 */
export function writePly(mesh: Mesh, options: PlyOptions = {}): Uint8Array {
  const vertices = mesh.positions.length / 3;
  const withNormals = !options.pointsOnly && !!mesh.normals;
  const withUvs = !options.pointsOnly && !!mesh.uvs;
  const faces = options.pointsOnly ? 0 : mesh.indices.length / 3;
  const lines = ['ply', 'format binary_little_endian 1.0'];
  if (options.comment) lines.push(`comment ${options.comment.replace(/[\r\n]/g, ' ')}`);
  lines.push(`element vertex ${vertices}`, 'property float x', 'property float y', 'property float z');
  if (withNormals) lines.push('property float nx', 'property float ny', 'property float nz');
  if (withUvs) lines.push('property float s', 'property float t');
  if (!options.pointsOnly) lines.push(`element face ${faces}`, 'property list uchar uint vertex_indices');
  lines.push('end_header', '');
  const header = new TextEncoder().encode(lines.join('\n'));

  const floatsPerVertex = 3 + (withNormals ? 3 : 0) + (withUvs ? 2 : 0);
  const size = header.length + vertices * floatsPerVertex * 4 + faces * 13;
  const out = new Uint8Array(size);
  out.set(header, 0);
  const view = new DataView(out.buffer);
  let at = header.length;
  for (let v = 0; v < vertices; v++) {
    for (let k = 0; k < 3; k++, at += 4) view.setFloat32(at, mesh.positions[v * 3 + k], true);
    if (withNormals) for (let k = 0; k < 3; k++, at += 4) view.setFloat32(at, mesh.normals![v * 3 + k], true);
    if (withUvs) {
      view.setFloat32(at, mesh.uvs![v * 2], true);
      view.setFloat32(at + 4, 1 - mesh.uvs![v * 2 + 1], true);
      at += 8;
    }
  }
  for (let f = 0; f < faces; f++) {
    out[at++] = 3;
    for (let k = 0; k < 3; k++, at += 4) view.setUint32(at, mesh.indices[f * 3 + k], true);
  }
  return out;
}

/** What a PLY file holds, as read back by `readPly`. */
export interface PlyContents {
  vertexCount: number;
  faceCount: number;
  /** Vertex property names in file order. */
  properties: string[];
  mesh: Mesh;
}

/** Reads the binary little-endian PLY files `writePly` makes (float vertex properties, triangle lists). */
export function readPly(data: Uint8Array): PlyContents {
  const text = new TextDecoder('latin1').decode(data.subarray(0, Math.min(data.length, 4096)));
  const end = text.indexOf('end_header\n');
  if (!text.startsWith('ply\n') || end < 0) throw new Error('not a PLY file');
  const headerLines = text.slice(0, end).split('\n');
  if (!headerLines.includes('format binary_little_endian 1.0')) throw new Error('only binary little-endian PLY is read');
  let vertexCount = 0;
  let faceCount = 0;
  let element = '';
  const properties: string[] = [];
  for (const line of headerLines) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'element') {
      element = parts[1];
      if (element === 'vertex') vertexCount = Number(parts[2]);
      if (element === 'face') faceCount = Number(parts[2]);
    } else if (parts[0] === 'property' && element === 'vertex') {
      if (parts[1] !== 'float') throw new Error(`unsupported vertex property type ${parts[1]}`);
      properties.push(parts[2]);
    }
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = end + 'end_header\n'.length;
  const positions = new Float32Array(vertexCount * 3);
  const hasNormals = properties.includes('nx');
  const hasUvs = properties.includes('s');
  const normals = hasNormals ? new Float32Array(vertexCount * 3) : undefined;
  const uvs = hasUvs ? new Float32Array(vertexCount * 2) : undefined;
  for (let v = 0; v < vertexCount; v++) {
    for (const name of properties) {
      const value = view.getFloat32(at, true);
      at += 4;
      if (name === 'x' || name === 'y' || name === 'z') positions[v * 3 + 'xyz'.indexOf(name)] = value;
      else if (name === 'nx' || name === 'ny' || name === 'nz') normals![v * 3 + ['nx', 'ny', 'nz'].indexOf(name)] = value;
      else if (name === 's') uvs![v * 2] = value;
      else if (name === 't') uvs![v * 2 + 1] = 1 - value;
    }
  }
  const indices = new Uint32Array(faceCount * 3);
  for (let f = 0; f < faceCount; f++) {
    const n = data[at++];
    if (n !== 3) throw new Error(`face ${f} has ${n} vertices; only triangles are read`);
    for (let k = 0; k < 3; k++, at += 4) indices[f * 3 + k] = view.getUint32(at, true);
  }
  if (at !== data.length) throw new Error(`PLY has ${data.length - at} trailing bytes`);
  return { vertexCount, faceCount, properties, mesh: { positions, normals, uvs, indices } };
}
