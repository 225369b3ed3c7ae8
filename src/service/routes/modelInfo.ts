import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { findAvatar } from '../../store/avatars.js';
import { avatarKey } from '../../store/keys.js';
import { buildModelInfo } from '../../pipelines/index.js';
import { avatarFiles, readAnalysis, readModifications } from '../../pipelines/files.js';
import { avatarParameters } from '../../store/avatars.js';
import { errors } from '../errors.js';
import { codeParams, detailSchema } from '../schemas.js';
import { storedFileMissing, whyUnavailable } from './avatarAssets.js';

/** GET /avatars/{code}/model_info/: what the analysis found, for the flags requested at creation. */
export async function modelInfoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/avatars/:code/model_info/',
    {
      schema: {
        summary: 'Model information',
        description:
          'Keys `pipeline` and `pipeline_subtype`, plus one key per model_info flag requested at creation (see docs/model-info.md). ' +
          'Undetected landmarks are null. Keys this server cannot compute yet are null and explained in `unavailable`.',
        tags: ['avatars'],
        params: codeParams,
        response: { 200: { type: 'object', additionalProperties: true }, 404: detailSchema },
      },
    },
    async (request) => {
      const avatar = await findAvatar(ctx.db, request.caller.scope, (request.params as { code: string }).code);
      if (!avatar) throw errors.notFound();
      if (avatar.status !== 'Completed') throw errors.notProduced('model information', whyUnavailable(avatar));
      const stored = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.analysis));
      // Every pipeline stores the analysis of a Completed avatar.
      if (!stored) throw storedFileMissing(request.log, avatar, avatarFiles.analysis, 'model information');
      const modifications = await ctx.blobs.get(avatarKey(avatar.code, avatarFiles.modifications));
      return buildModelInfo({ ...avatar, parameters: avatarParameters(avatar) }, readAnalysis(stored), modifications ? readModifications(modifications) : {});
    },
  );
}
