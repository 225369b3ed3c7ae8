import { Primitive } from '@gltf-transform/core';
import type { Accessor, Buffer, Document, Material, Mesh as GltfMesh, TypedArray } from '@gltf-transform/core';
import type { SceneMesh } from '../scene.js';

/**
 * One glTF mesh with one primitive for a SceneMesh: POSITION, NORMAL, TEXCOORD_0 and indices as TRIANGLES,
 * or POINTS for a pointcloud (no indices, normals or texcoords). Typed arrays go to the accessors as they are,
 * without copies, except indices narrowed to uint16 when every index fits.
 */
export function createGltfMesh(document: Document, buffer: Buffer, source: SceneMesh, material?: Material): GltfMesh {
  const { mesh } = source;
  const vertices = mesh.positions.length / 3;
  const pointcloud = mesh.indices.length === 0;
  const accessor = (type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4', array: TypedArray): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  const primitive = document.createPrimitive().setAttribute('POSITION', accessor('VEC3', mesh.positions));
  if (pointcloud) {
    primitive.setMode(Primitive.Mode.POINTS);
  } else {
    primitive.setMode(Primitive.Mode.TRIANGLES);
    if (mesh.normals) primitive.setAttribute('NORMAL', accessor('VEC3', mesh.normals));
    if (mesh.uvs) primitive.setAttribute('TEXCOORD_0', accessor('VEC2', mesh.uvs));
    // 65535 is the primitive-restart value of uint16, so uint16 holds indices up to 65534.
    const indices = vertices > 65535 ? mesh.indices : new Uint16Array(mesh.indices);
    primitive.setIndices(accessor('SCALAR', indices));
  }
  if (source.skin) {
    primitive.setAttribute('JOINTS_0', accessor('VEC4', source.skin.joints));
    primitive.setAttribute('WEIGHTS_0', accessor('VEC4', source.skin.weights));
  }
  if (material) primitive.setMaterial(material);

  // Within a primitive every target carries the same attributes: three.js, for one, substitutes the base
  // normals (not zeros) for a missing target NORMAL. Targets without normals get zero offsets, which a
  // sparse accessor stores in no bytes at all.
  const withNormals = !pointcloud && source.morphTargets.some((target) => target.normals);
  for (const target of source.morphTargets) {
    const morph = document.createPrimitiveTarget(target.name);
    morph.setAttribute('POSITION', morphAccessor(accessor('VEC3', target.positions)));
    if (withNormals) morph.setAttribute('NORMAL', morphAccessor(accessor('VEC3', target.normals ?? new Float32Array(vertices * 3))));
    primitive.addTarget(morph);
  }

  const gltfMesh = document.createMesh(source.name).addPrimitive(primitive);
  if (source.morphTargets.length) {
    gltfMesh.setWeights(source.morphTargets.map((_, i) => source.morphWeights?.[i] ?? 0));
  }
  return gltfMesh;
}

/**
 * Blendshapes move a small part of the head, so most offsets are exactly zero: a sparse accessor stores
 * only the vertices that move. Where more than half move, a dense one is smaller (and glTF-Transform
 * warns about sparse), so that target stays dense.
 */
function morphAccessor(accessor: Accessor): Accessor {
  return accessor.setSparse(movedVertices(accessor.getArray() as Float32Array) <= accessor.getCount() / 2);
}

function movedVertices(offsets: Float32Array): number {
  let moved = 0;
  for (let i = 0; i < offsets.length; i += 3) {
    if (offsets[i] !== 0 || offsets[i + 1] !== 0 || offsets[i + 2] !== 0) moved++;
  }
  return moved;
}
