import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { isRecord, propOf } from '@hanlin/shared';

/** OpenAPI document generated from the route schemas; each operation carries `x-permission`. */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Hanlin API', version: '0.1.0', description: 'Every answer is { code, msg, data }.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (doc) => {
      const out = jsonSchemaTransformObject(doc);
      const paths = propOf(out, 'paths');
      for (const [url, ops] of Object.entries(isRecord(paths) ? paths : {})) {
        for (const [method, op] of Object.entries(isRecord(ops) ? ops : {})) {
          if (!isRecord(op)) continue;
          const fastifyUrl = url.replace(/\{(\w+|\*)\}/g, (_, name: string) => (name === '*' ? '*' : `:${name}`));
          const p = app.routePermissions.get(`${method.toUpperCase()} ${fastifyUrl}`);
          if (p) {
            op['x-permission'] = p;
            if (p !== 'public') op.security = [{ bearer: [] }];
          }
        }
      }
      return out;
    },
  });
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
