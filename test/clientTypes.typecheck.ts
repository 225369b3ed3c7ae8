/**
 * Compiled with the rest of the project and never run: each @ts-expect-error below must meet an
 * error, or the build fails. So the client's parameter types stay exact.
 */
import { Likeness, type ComputationParameters, type ExportParameters } from 'likeness/client';

export async function misspellings(likeness: Likeness): Promise<void> {
  const photo = new Blob([]);
  // What is right compiles.
  await likeness.createAvatar({
    photo,
    pipeline: 'head_1.2',
    pipelineSubtype: 'base/mobile',
    name: 'me',
    parameters: { model_info: { plus: ['age', 'facial_landmarks_68'] }, avatar_modifications: { plus: { hair_color: { red: 1, green: 2, blue: 3 } } } },
    exportParameters: { format: 'glb', haircuts: { list: ['side_part'], color: { red: 60, green: 40, blue: 30 } }, blendshapes: { list: ['mobile_51'] } },
  });
  await likeness.createAvatar({ photo, pipeline: 'body_0.3', name: 'body', parameters: { body_shape: { height: 180, weight: 78 }, model_info: ['body_shape_coeffs_10'] } });
  await likeness.createExport<'persona_2.0'>('code', { format: 'glb', lod: 'LOD2', textures: { profile: '1K.jpg', embed: true } });

  // @ts-expect-error a misspelled model_info flag
  await likeness.createAvatar({ photo, pipeline: 'head_1.2', name: 'me', parameters: { model_info: { plus: ['agee'] } } });
  // @ts-expect-error a misspelled category
  await likeness.createAvatar({ photo, pipeline: 'head_1.2', name: 'me', parameters: { avatar_modification: {} } });
  // @ts-expect-error a group the category does not have
  await likeness.createAvatar({ photo, pipeline: 'head_1.2', name: 'me', parameters: { model_info: { base: ['age'] } } });
  // @ts-expect-error a misspelled key-value parameter
  await likeness.createAvatar({ photo, pipeline: 'head_1.2', name: 'me', parameters: { avatar_modifications: { plus: { hair_colour: { red: 1, green: 2, blue: 3 } } } } });
  // @ts-expect-error body_0.3 has no group level
  await likeness.createAvatar({ photo, pipeline: 'body_0.3', name: 'me', parameters: { body_shape: { plus: { height: 180 } } } });
  // @ts-expect-error an unknown pipeline
  await likeness.createAvatar({ photo, pipeline: 'head_3.0', name: 'me' });
  // @ts-expect-error animated_face takes no export parameters
  await likeness.createAvatar({ photo, pipeline: 'animated_face', name: 'me', exportParameters: { format: 'glb' } });
  // @ts-expect-error a misspelled export parameter
  await likeness.createExport<'head_1.2'>('code', { fromat: 'glb' });
  // @ts-expect-error a format that does not exist
  await likeness.createExport('code', { format: 'obj' });
  // @ts-expect-error persona_2.0's texture section is not head_1.2's
  await likeness.createExport<'head_1.2'>('code', { textures: { profile: '1K.jpg' } });
  // @ts-expect-error a blendshape set that does not exist
  await likeness.createExport<'head_2.0'>('code', { blendshapes: { list: ['mobile_52'] } });

  const p: ComputationParameters<'head_2.0'> = { blendshapes: { public: ['mobile_51'] } };
  const e: ExportParameters<'body_0.3'> = { template: 'default' };
  void [p, e];
}
