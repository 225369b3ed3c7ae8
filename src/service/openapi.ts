import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { parameterSchemas } from './parameterSchemas.js';

/** The OpenAPI 3.1 description is generated from the route schemas, so it cannot drift from the routes. */
export const openapiPlugin = fp(async (app: FastifyInstance, ctx: AppContext) => {
  await app.register(swagger, {
    // Uploads are read as a stream (multipart), so their fields cannot be a validated `body` schema.
    // Routes describe them in `documentedBody` instead, which only the OpenAPI description uses.
    transform: ({ schema, url }) => {
      const { documentedBody, ...rest } = (schema ?? {}) as Record<string, unknown>;
      return { schema: (documentedBody ? { ...rest, body: documentedBody } : rest) as never, url };
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Likeness',
        version: '0.1.0',
        description:
          'Self-hosted avatar generation behind the REST interface of the original cloud service. ' +
          'Authenticate with the OAuth2 client credentials grant at /o/token/, then send `Authorization: Bearer <token>`; ' +
          'add `X-PlayerUID` for client access. Errors are `{"detail": "..."}` or, for invalid fields, `{"field": ["..."]}`. ' +
          'Lists are JSON arrays paginated with `page` and `page_size` and a `Link` header.',
      },
      servers: ctx.config.publicUrl ? [{ url: ctx.config.publicUrl }] : [],
      components: {
        // The catalogue's parameters, exactly: clients generated from this description (likeness/client) type-check them.
        schemas: parameterSchemas(),
        securitySchemes: {
          oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/o/token/', scopes: { read: 'GET and HEAD requests', write: 'POST, PUT, PATCH and DELETE requests' } } } },
          bearer: { type: 'http', scheme: 'bearer' },
          playerUid: { type: 'apiKey', in: 'header', name: 'X-PlayerUID', description: 'Client access: scopes every request to one player.' },
        },
      },
      security: [{ bearer: [] }, { bearer: [], playerUid: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });
  app.get('/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
});
