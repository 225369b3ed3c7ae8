import type { Scene, WrittenFile } from '../scene.js';
import { addAnimation } from './animation.js';
import { encodeFbx } from './binary.js';
import { addBlendShapes, type BlendShapeChannel } from './blendShapes.js';
import { document } from './document.js';
import { addMesh } from './geometry.js';
import { MaterialLibrary } from './materials.js';
import { modelRecord } from './model.js';
import { block, node, objectName } from './node.js';
import { ObjectGraph, ROOT_ID } from './objectGraph.js';
import { addBindPose, addSkeleton, addSkin, type SkeletonIds } from './skin.js';

export interface FbxOptions {
  /**
   * Store the images inside the FBX (`Video.Content`), one file to hand around; otherwise each image
   * is returned as its own file and the FBX names it (`RelativeFilename`), to sit beside it.
   */
  embedTextures: boolean;
  /** Name of the .fbx file without extension. */
  baseName: string;
  /** Polygons as quads where two triangles halve one (export_quads); otherwise triangles. */
  quads: boolean;
}

export const FBX_DEFAULTS: FbxOptions = { embedTextures: true, baseName: 'model', quads: false };

/**
 * A Scene as one binary FBX 7.4 file, the format Unity, Unreal, Maya and Blender import with meshes,
 * materials, blend shapes, skin and animation. Axes are the Mesh's own (Y up, Z front, right-handed);
 * lengths are metres with UnitScaleFactor 100 (see document.ts). The first file returned is
 * `${baseName}.fbx`, followed by the images when they are not embedded. Written by hand: no maintained
 * npm package writes FBX; see docs/fbx.md for what is and is not written.
 *
 * ```ts
 * const [fbx, ...images] = writeFbx(scene, { embedTextures: false, baseName: 'avatar' });
 * ```
 */
export function writeFbx(scene: Scene, options: Partial<FbxOptions> = {}): WrittenFile[] {
  const { embedTextures, baseName, quads } = { ...FBX_DEFAULTS, ...options };
  const graph = new ObjectGraph();
  const root = graph.add((id) => modelRecord(id, scene.name, 'Null'));
  const rootAttribute = graph.add((id) =>
    block('NodeAttribute', [id, objectName(scene.name, 'NodeAttribute'), 'Null'], [node('TypeFlags', ['Null'])]),
  );
  graph.connect(rootAttribute, root);
  graph.connect(root, ROOT_ID);

  const skeleton: SkeletonIds | undefined = scene.skeleton?.length ? addSkeleton(graph, scene.skeleton, root) : undefined;
  const materials = new MaterialLibrary(graph, embedTextures);
  const skinnedModels: number[] = [];
  const blendShapeChannels = new Map<string, BlendShapeChannel[]>();
  for (const mesh of scene.meshes) {
    // A pointcloud is control points only: no polygons for a material to cover.
    const material = mesh.mesh.indices.length > 0 ? mesh.material : undefined;
    const ids = addMesh(graph, mesh, root, !!material, quads);
    if (material) graph.connect(materials.material(material), ids.model);
    blendShapeChannels.set(mesh.name, addBlendShapes(graph, mesh, ids.geometry));
    if (mesh.skin) {
      if (!skeleton) throw new Error(`mesh ${mesh.name} is skinned but the scene has no skeleton`);
      addSkin(graph, mesh.name, mesh.skin, ids.geometry, skeleton);
      skinnedModels.push(ids.model);
    }
  }
  if (skeleton && skinnedModels.length > 0) addBindPose(graph, scene.name, skinnedModels, skeleton);
  const stacks = (scene.animations ?? []).map((animation) => {
    if (!skeleton && animation.channels.length) throw new Error(`animation ${animation.name} moves joints, and the scene has no skeleton`);
    return addAnimation(graph, animation, skeleton, blendShapeChannels);
  });

  const fbx = encodeFbx(document(graph, stacks));
  return [
    { name: `${baseName}.fbx`, data: fbx },
    ...materials.externalImages.map((image) => ({ name: image.name, data: image.data })),
  ];
}
