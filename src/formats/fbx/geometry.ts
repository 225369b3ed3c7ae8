import type { SceneMesh } from '../scene.js';
import { block, doubles, ints, node, objectName, type FbxNode, type FbxValue } from './node.js';
import { modelRecord } from './model.js';
import type { ObjectGraph } from './objectGraph.js';
import { quadPolygons } from './quads.js';

export interface MeshIds {
  model: number;
  geometry: number;
}

/**
 * One mesh as a `Model` (the scene node) and its `Geometry`: control points (`Vertices`), triangles
 * (or with `quads`, quads where two triangles halve one: quads.ts) as `PolygonVertexIndex` (the last index of each polygon stored as −(i + 1)), normals per control point,
 * UVs per polygon corner through an index (FBX v = 0 is the bottom row of the image, so v is flipped),
 * and one material for all polygons. A pointcloud (no indices) gets control points only.
 */
export function addMesh(graph: ObjectGraph, mesh: SceneMesh, parent: number, hasMaterial: boolean, quads = false): MeshIds {
  const model = graph.add((id) => modelRecord(id, mesh.name, 'Mesh'));
  graph.connect(model, parent);
  const geometry = graph.add((id) => geometryRecord(id, mesh, hasMaterial, quads));
  graph.connect(geometry, model);
  return { model, geometry };
}

function geometryRecord(id: FbxValue, sceneMesh: SceneMesh, hasMaterial: boolean, quads: boolean): FbxNode {
  const { mesh } = sceneMesh;
  const children = [node('GeometryVersion', [124]), node('Vertices', [doubles(mesh.positions)])];
  if (mesh.indices.length > 0) {
    let polygonVertices: Int32Array;
    if (quads) polygonVertices = quadPolygons(mesh.indices, mesh.positions);
    else {
      polygonVertices = Int32Array.from(mesh.indices);
      for (let i = 2; i < polygonVertices.length; i += 3) polygonVertices[i] = ~polygonVertices[i];
    }
    children.push(node('PolygonVertexIndex', [{ type: 'i', value: polygonVertices }]));
    const layers: string[] = [];
    if (mesh.normals) {
      children.push(layerElement('LayerElementNormal', 'ByVertice', 'Direct', [node('Normals', [doubles(mesh.normals)])]));
      layers.push('LayerElementNormal');
    }
    if (mesh.uvs) {
      const uv = Float64Array.from(mesh.uvs);
      for (let i = 1; i < uv.length; i += 2) uv[i] = 1 - uv[i];
      children.push(
        layerElement('LayerElementUV', 'ByPolygonVertex', 'IndexToDirect', [
          node('UV', [{ type: 'd', value: uv }]),
          // A UV per control point, so each polygon corner's UV is its vertex's.
          node('UVIndex', [{ type: 'i', value: polygonVertices.map((v) => (v < 0 ? ~v : v)) }]),
        ], 'UVMap'),
      );
      layers.push('LayerElementUV');
    }
    if (hasMaterial) {
      children.push(layerElement('LayerElementMaterial', 'AllSame', 'IndexToDirect', [node('Materials', [ints([0])])]));
      layers.push('LayerElementMaterial');
    }
    children.push(
      node('Layer', [0], [
        node('Version', [100]),
        ...layers.map((type) => node('LayerElement', [], [node('Type', [type]), node('TypedIndex', [0])])),
      ]),
    );
  }
  return block('Geometry', [id, objectName(sceneMesh.name, 'Geometry'), 'Mesh'], children);
}

function layerElement(name: string, mapping: string, reference: string, data: FbxNode[], layerName = ''): FbxNode {
  return node(name, [0], [
    node('Version', [101]),
    node('Name', [layerName]),
    node('MappingInformationType', [mapping]),
    node('ReferenceInformationType', [reference]),
    ...data,
  ]);
}
