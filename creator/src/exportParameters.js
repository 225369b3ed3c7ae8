/**
 * set_export_parameters (and Desktop's per-export overrides) checked and turned into the REST export
 * parameters of persona_2.0 (docs/exports.md). The link handed to the host is the export's public
 * link: `make_public` (a zip) when useZip, else `make_public_direct` (the .glb or .fbx itself).
 */
const PROFILES = ['4K.png', '2K.png', '1K.png', '4K.jpg', '2K.jpg', '1K.jpg', '4K.webp', '2K.webp', '1K.webp'];
const DESKTOP_ONLY = ['headOnly', 'removeNeckLayers', 'removeTransparentCornea', 'animationName', 'animationAsBindPose', 'exportTemplateJson'];

export const DEFAULT_EXPORT = { format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: true };

/** The keys this message sets, checked; unknown keys are ignored (hosts misspell them). Throws a reason. */
export function readExportParameters(message, variant) {
  const out = {};
  if (message.format !== undefined) {
    if (!['gltf', 'glb', 'fbx'].includes(message.format)) throw new Error(`format must be gltf, glb or fbx, got ${JSON.stringify(message.format)}`);
    out.format = message.format;
  }
  if (message.lod !== undefined) {
    if (message.lod !== 1 && message.lod !== 2) throw new Error(`lod must be 1 or 2, got ${JSON.stringify(message.lod)}`);
    out.lod = message.lod;
  }
  if (message.textureProfile !== undefined) {
    if (!PROFILES.includes(message.textureProfile)) throw new Error(`textureProfile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(message.textureProfile)}`);
    out.textureProfile = message.textureProfile;
  }
  if (message.useZip !== undefined) {
    if (typeof message.useZip !== 'boolean') throw new Error('useZip must be true or false');
    out.useZip = message.useZip;
  }
  if (message.exportModelInfo !== undefined) out.exportModelInfo = message.exportModelInfo;
  for (const key of DESKTOP_ONLY) {
    // Mobile has none of these (the spec): they are ignored there like any unknown key.
    if (variant === 'desktop' && message[key] !== undefined) out[key] = message[key];
  }
  return out;
}

/** What this slice cannot export yet answers with a reason instead of a file that ignores the request. */
function refuseUnsupported(p) {
  if (p.format === 'gltf') throw new Error('gltf exports are not available in the creator yet: a public link is one file, so use glb or fbx');
  const unsupported = [];
  if (p.headOnly) unsupported.push('headOnly');
  if (p.removeNeckLayers) unsupported.push('removeNeckLayers');
  if (p.removeTransparentCornea) unsupported.push('removeTransparentCornea');
  if (p.animationName) unsupported.push('animationName');
  if (p.animationAsBindPose) unsupported.push('animationAsBindPose');
  if (p.exportModelInfo) unsupported.push('exportModelInfo');
  if (typeof p.exportTemplateJson === 'string' && p.exportTemplateJson.trim() !== '') unsupported.push('exportTemplateJson');
  if (unsupported.length) throw new Error(`not supported by the creator yet: ${unsupported.join(', ')}`);
}

/** REST parameters of the export of the avatar as shown: its haircut and its blends baked in. */
export function restParameters(p, { haircut, values }) {
  refuseUnsupported(p);
  return {
    format: p.format,
    lod: `LOD${p.lod}`,
    embed: true,
    textures: { profile: p.textureProfile, embed: true },
    haircuts: { list: haircut ? [haircut] : [], embed: true },
    blendshapes: { list: [], values, embed: true },
    ...(p.useZip ? { make_public: true } : { make_public_direct: true }),
  };
}

/** The viewer's own model: small and quick (LOD2, 1K JPEG), with the blends as morph targets to drag. */
export function viewerParameters(haircut) {
  return {
    format: 'glb',
    lod: 'LOD2',
    embed: true,
    textures: { profile: '1K.jpg', embed: true },
    haircuts: { list: haircut ? [haircut] : [], embed: true },
    blendshapes: { list: ['customisation', 'body_shape'], embed: true },
    make_public_direct: true,
  };
}
