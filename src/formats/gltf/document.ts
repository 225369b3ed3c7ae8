import { Document, type Node } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene } from '../scene.js';
import { MaterialSet } from './material.js';
import { createGltfMesh } from './primitive.js';
import { createAnimations, createSkeleton, createSkin } from './skin.js';

export interface SceneDocumentOptions {
  /** URI of the one binary buffer when it is a separate file, e.g. `model.bin`. */
  bufferName: string;
  /** File names the writer uses itself, which no image may take. */
  reserved: string[];
}

/**
 * The glTF-Transform Document for a Scene: one glTF scene whose single root node, named after the
 * Scene, holds a node per SceneMesh and the skeleton's root joints. Everything lives in one buffer.
 */
export function sceneToDocument(scene: Scene, options: SceneDocumentOptions): Document {
  const document = new Document();
  document.getRoot().getAsset().generator = 'Likeness';
  const buffer = document.createBuffer('buffer').setURI(encodeURIComponent(options.bufferName));
  const root = document.createNode(scene.name);
  document.getRoot().setDefaultScene(document.createScene(scene.name).addChild(root));

  const skeleton = scene.skeleton?.length ? createSkeleton(document, scene.skeleton) : undefined;
  // A skin nothing uses is an unused object to validators: joints alone still carry animations.
  const skin = skeleton && scene.meshes.some((source) => source.skin) ? createSkin(document, buffer, skeleton) : undefined;
  // WebP textures (persona_2.0's webp profiles) are glTF only through EXT_texture_webp.
  const images = scene.meshes.flatMap((m) => [m.material?.baseColorTexture, m.material?.normalTexture, m.material?.metallicRoughnessTexture]);
  if (images.some((image) => image?.mimeType === 'image/webp')) document.createExtension(EXTTextureWebP).setRequired(true);
  const materials = new MaterialSet(document, options.reserved);
  const meshNodes = new Map<string, { node: Node; targets: number }>();
  for (const source of scene.meshes) {
    if (source.skin && !skin) throw new Error(`glTF: mesh "${source.name}" is skinned but the scene has no skeleton`);
    const material = source.material ? materials.material(source.material) : undefined;
    const node = document.createNode(source.name).setMesh(createGltfMesh(document, buffer, source, material));
    if (source.skin && skin) node.setSkin(skin);
    root.addChild(node);
    meshNodes.set(source.name, { node, targets: source.morphTargets.length });
  }
  if (scene.animations?.some((a) => a.channels.length) && !skeleton) throw new Error('glTF: the scene has joint animations but no skeleton');
  if (skeleton) for (const joint of skeleton.roots) root.addChild(joint);
  createAnimations(document, buffer, scene.animations ?? [], skeleton?.joints ?? [], meshNodes);
  return document;
}
