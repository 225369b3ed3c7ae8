import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { createPlayer, deletePlayer, findPlayer, listPlayers } from '../../store/players.js';
import { avatarPrefix } from '../../store/keys.js';
import { errors } from '../errors.js';
import { characterCount, readForm } from '../form.js';
import { baseUrl } from '../links.js';
import { pageRequest, paginate } from '../pagination.js';
import { serializePlayer } from '../serialize.js';
import { codeParams, detailSchema, pageQuery, playerSchema } from '../schemas.js';

const tags = ['players'];

/** Players: one per application installation, the unit of client access. */
export async function playerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    '/players/',
    {
      schema: {
        summary: 'Register a player',
        description: 'Multipart or form field `comment` (optional). Answers 201 with the player; send its `code` as `X-PlayerUID`.',
        tags,
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
        documentedBody: { type: 'object', properties: { comment: { type: 'string', maxLength: 1000 } } },
        response: { 201: playerSchema },
      },
    },
    async (request, reply) => {
      if (request.caller.clientAccess) throw errors.badRequest('Players are registered in developer access, without X-PlayerUID.');
      const { fields } = await readForm(request, 0);
      const comment = fields.comment ?? '';
      if (characterCount(comment) > 1000) throw errors.fields({ comment: ['Ensure this field has no more than 1000 characters.'] });
      const player = await createPlayer(ctx.db, request.caller.clientId, comment);
      return reply.code(201).send(serializePlayer(baseUrl(ctx.config, request), player));
    },
  );

  app.get(
    '/players/',
    {
      schema: {
        summary: 'List players, newest first',
        description: 'In client access the list holds only the calling player.',
        tags,
        querystring: { type: 'object', properties: pageQuery },
        response: { 200: { type: 'array', items: playerSchema } },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query as Record<string, unknown>);
      const result = await listPlayers(ctx.db, request.caller.clientId, request.caller.scope.playerCode, page);
      paginate(ctx.config, request, reply, page, result.total);
      const base = baseUrl(ctx.config, request);
      return result.rows.map((p) => serializePlayer(base, p));
    },
  );

  const visible = (request: { caller: { scope: { playerCode: string | null } } }, code: string) =>
    !request.caller.scope.playerCode || request.caller.scope.playerCode === code.toLowerCase();

  app.get(
    '/players/:code/',
    { schema: { summary: 'Retrieve a player', tags, params: codeParams, response: { 200: playerSchema, 404: detailSchema } } },
    async (request) => {
      const { code } = request.params as { code: string };
      const player = visible(request, code) ? await findPlayer(ctx.db, request.caller.clientId, code.toLowerCase()) : null;
      if (!player) throw errors.notFound();
      return serializePlayer(baseUrl(ctx.config, request), player);
    },
  );

  app.delete(
    '/players/:code/',
    {
      schema: {
        summary: 'Delete a player and all its avatars',
        description: 'Deletes the player and every avatar it created, with their files. Its PlayerUID then gets 403 in client access.',
        tags,
        params: codeParams,
        response: { 204: { type: 'null' }, 404: detailSchema },
      },
    },
    async (request, reply) => {
      const { code } = request.params as { code: string };
      const avatars = visible(request, code) ? await deletePlayer(ctx.db, request.caller.clientId, code.toLowerCase()) : null;
      if (!avatars) throw errors.notFound();
      for (const avatar of avatars) await ctx.blobs.removePrefix(avatarPrefix(avatar));
      return reply.code(204).send();
    },
  );
}
