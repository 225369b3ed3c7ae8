import { AVATAR_STATUSES } from '../store/status.js';

/** JSON schemas shared by routes and the OpenAPI description. */
export const playerSchema = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri' },
    code: { type: 'string', format: 'uuid', description: 'The PlayerUID, sent as X-PlayerUID in client access.' },
    created_on: { type: 'string', format: 'date-time' },
    comment: { type: 'string' },
  },
} as const;

export const avatarSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', format: 'uuid' },
    url: { type: 'string', format: 'uri' },
    name: { type: 'string' },
    description: { type: 'string' },
    created_on: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: [...AVATAR_STATUSES] },
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    failure_reason: { type: ['string', 'null'], description: 'Why the avatar is Failed or Timed Out; null otherwise.' },
    faces_detected: { type: ['integer', 'null'], description: 'Faces found in the photo (the largest, most central one is used); null until analysed.' },
    pipeline: { type: 'string' },
    pipeline_subtype: { type: 'string' },
    player: { type: ['string', 'null'], description: 'The player that created it (client access), or null.' },
    model_info: { type: 'string', format: 'uri' },
    haircuts: { type: 'string', format: 'uri' },
    outfits: { type: 'string', format: 'uri', description: 'The outfits this avatar may wear (an empty list for the head pipelines).' },
    blendshapes: { type: 'string', format: 'uri' },
    textures: { type: 'string', format: 'uri' },
    exports: { type: 'string', format: 'uri' },
    mesh: { type: 'string', format: 'uri' },
    pointcloud: { type: 'string', format: 'uri' },
    preview: { type: 'string', format: 'uri' },
  },
} as const;

export const detailSchema = {
  type: 'object',
  properties: { detail: { type: 'string' } },
} as const;

export const codeParams = {
  type: 'object',
  properties: { code: { type: 'string' } },
  required: ['code'],
} as const;

export const pageQuery = {
  // Checked by the pagination code rather than the schema, so that a bad page is DRF's 404 "Invalid page.".
  page: { type: 'string', description: '1-based page number; a page past the end is 404 "Invalid page.".' },
  page_size: { type: 'string', description: 'Objects per page, 1 to 100 (the default).' },
} as const;
