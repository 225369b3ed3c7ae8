import type { SceneImage, SceneMaterial } from '../scene.js';
import { block, double, node, objectName, raw, type FbxValue } from './node.js';
import type { ObjectGraph } from './objectGraph.js';
import { P, properties70 } from './properties.js';

/**
 * glTF's metallic-roughness materials as FBX Phong surfaces, the model every FBX reader knows:
 * colour and factors become DiffuseColor/Opacity/Shininess/ReflectionFactor, and each image one
 * `Texture` (how it is mapped) over one `Video` (the file, its bytes in `Content` when embedded).
 * Textures hang off material properties by "OP" connections: DiffuseColor, NormalMap, and for
 * alphaMode mask/blend TransparentColor, from the base colour image's alpha.
 * The metallic-roughness image, alpha cutoff and double-sidedness have no FBX Phong slot: not written.
 */
export class MaterialLibrary {
  private readonly materials = new Map<SceneMaterial, number>();
  private readonly textures = new Map<string, number>();
  /** Images written beside the FBX file when they are not embedded, in first-use order. */
  readonly externalImages: SceneImage[] = [];

  constructor(private readonly graph: ObjectGraph, private readonly embed: boolean) {}

  /** The id of the material's FBX object, written on first use; shared materials are written once. */
  material(material: SceneMaterial): number {
    const known = this.materials.get(material);
    if (known !== undefined) return known;
    const [r, g, b, a] = material.baseColorFactor ?? [1, 1, 1, 1];
    const shininess = (10 * (1 - material.roughness)) ** 2;
    const specular = 0.5 * (1 - material.roughness) ** 2;
    const id = this.graph.add((fbxId) =>
      block('Material', [fbxId, objectName(material.name, 'Material'), ''], [
        node('Version', [102]),
        node('ShadingModel', ['phong']),
        node('MultiLayer', [0]),
        properties70(
          P.color('EmissiveColor', [0, 0, 0]),
          P.number('EmissiveFactor', 1),
          P.color('AmbientColor', [0, 0, 0]),
          // FBX colours are display (sRGB) values: three.js and the SDK read them so; glTF factors are linear.
          P.color('DiffuseColor', [r, g, b].map(linearToSrgb)),
          P.number('DiffuseFactor', 1),
          // Opacity = 1 − TransparentColor × TransparencyFactor for the SDK; Blender and three.js read
          // 1 − TransparencyFactor, or Opacity when that is 0 or 1.
          P.color('TransparentColor', [1, 1, 1]),
          P.number('TransparencyFactor', 1 - a),
          P.number('Opacity', a),
          P.color('SpecularColor', [specular, specular, specular]),
          // Blender turns SpecularFactor × 2 into Principled specular (0.5 by default)…
          P.number('SpecularFactor', 0.25),
          // …and Shininess into roughness = 1 − √shininess / 10; this is that inverse.
          P.number('Shininess', shininess),
          P.number('ShininessExponent', shininess),
          P.number('ReflectionFactor', material.metallic),
        ),
      ]),
    );
    if (material.baseColorTexture) {
      const texture = this.texture(material.baseColorTexture);
      this.graph.connect(texture, id, 'DiffuseColor');
      if (material.alphaMode !== 'opaque') this.graph.connect(texture, id, 'TransparentColor');
    }
    if (material.normalTexture) this.graph.connect(this.texture(material.normalTexture), id, 'NormalMap');
    this.materials.set(material, id);
    return id;
  }

  private texture(image: SceneImage): number {
    const known = this.textures.get(image.name);
    if (known !== undefined) return known;
    const stem = image.name.replace(/\.[^.]*$/, '');
    const uv = (u: number, v: number): FbxValue[] => [double(u), double(v)];
    const texture = this.graph.add((id) =>
      block('Texture', [id, objectName(stem, 'Texture'), ''], [
        node('Type', ['TextureVideoClip']),
        node('Version', [202]),
        node('TextureName', [objectName(stem, 'Texture')]),
        properties70(P.bool('UseMaterial', true)),
        node('Media', [objectName(stem, 'Video')]),
        node('FileName', [image.name]),
        node('RelativeFilename', [image.name]),
        node('ModelUVTranslation', uv(0, 0)),
        node('ModelUVScaling', uv(1, 1)),
        node('Texture_Alpha_Source', ['None']),
        node('Cropping', [0, 0, 0, 0]),
      ]),
    );
    const video = this.graph.add((id) =>
      block('Video', [id, objectName(stem, 'Video'), 'Clip'], [
        node('Type', ['Clip']),
        properties70(node('P', ['Path', 'KString', 'XRefUrl', '', image.name])),
        node('UseMipMap', [0]),
        node('Filename', [image.name]),
        node('RelativeFilename', [image.name]),
        ...(this.embed ? [node('Content', [raw(image.data)])] : []),
      ]),
    );
    this.graph.connect(video, texture);
    if (!this.embed) this.externalImages.push(image);
    this.textures.set(image.name, texture);
    return texture;
  }
}

function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}
