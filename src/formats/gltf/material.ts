import { TextureInfo, type Document, type Material, type Texture } from '@gltf-transform/core';
import type { SceneImage, SceneMaterial } from '../scene.js';

/**
 * Turns SceneMaterials into glTF metallic-roughness materials. One instance per document: it keeps one
 * Texture per SceneImage object (so an image two materials share is stored once) and one Material per
 * SceneMaterial object, and refuses two different images under one file name, since each image becomes
 * a file (or a URI) of that name.
 */
export class MaterialSet {
  private readonly textures = new Map<SceneImage, Texture>();
  private readonly materials = new Map<SceneMaterial, Material>();
  private readonly names = new Map<string, SceneImage>();

  /** @param reserved file names the writer itself uses (`model.gltf`, `model.bin`): no image may take them. */
  constructor(private readonly document: Document, private readonly reserved: string[] = []) {}

  material(source: SceneMaterial): Material {
    const cached = this.materials.get(source);
    if (cached) return cached;
    const material = this.document
      .createMaterial(source.name)
      .setBaseColorFactor(source.baseColorFactor ?? [1, 1, 1, 1])
      .setMetallicFactor(source.metallic)
      .setRoughnessFactor(source.roughness)
      .setAlphaMode(source.alphaMode === 'mask' ? 'MASK' : source.alphaMode === 'blend' ? 'BLEND' : 'OPAQUE')
      .setDoubleSided(source.doubleSided);
    if (source.alphaMode === 'mask') material.setAlphaCutoff(source.alphaCutoff ?? 0.5);
    if (source.baseColorTexture) clampToEdge(material.setBaseColorTexture(this.texture(source.baseColorTexture)).getBaseColorTextureInfo());
    if (source.metallicRoughnessTexture) clampToEdge(material.setMetallicRoughnessTexture(this.texture(source.metallicRoughnessTexture)).getMetallicRoughnessTextureInfo());
    if (source.normalTexture) clampToEdge(material.setNormalTexture(this.texture(source.normalTexture)).getNormalTextureInfo());
    this.materials.set(source, material);
    return material;
  }

  private texture(image: SceneImage): Texture {
    const cached = this.textures.get(image);
    if (cached) return cached;
    const holder = this.names.get(image.name);
    if (holder && holder !== image) throw new Error(`glTF: two different images are both named "${image.name}"`);
    if (this.reserved.includes(image.name)) throw new Error(`glTF: image name "${image.name}" is taken by the model file`);
    this.names.set(image.name, image);
    // The URI is what the .gltf JSON (or a GLB without embedded images) refers to; it must be URI-encoded.
    const texture = this.document
      .createTexture(image.name)
      .setMimeType(image.mimeType)
      .setImage(image.data)
      .setURI(encodeURIComponent(image.name));
    this.textures.set(image, texture);
    return texture;
  }
}

/**
 * Our UV layouts keep every island inside [0, 1], some edge to edge with the image's border (the
 * head's band starts at v = 0 on the crown, its back seam is at u = 0): glTF's default repeating
 * sampler would blend the opposite border into them, a light line across the crown. Clamped, as
 * our own renderer reads them.
 */
function clampToEdge(info: TextureInfo | null): void {
  info?.setWrapS(TextureInfo.WrapMode.CLAMP_TO_EDGE).setWrapT(TextureInfo.WrapMode.CLAMP_TO_EDGE);
}
