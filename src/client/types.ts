import type { components, paths } from './openapi.js';

/** The objects and parameters of the API, named from the types generated from /openapi.json. */

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Avatar = Json<paths['/avatars/{code}/']['get']['responses'][200]>;
export type Export = Json<paths['/avatars/{code}/exports/{export}/']['get']['responses'][200]>;
export type Player = Json<paths['/players/{code}/']['get']['responses'][200]>;
export type ExportFile = NonNullable<Export['files']>[number];

export type PipelineName = NonNullable<paths['/avatars/']['post']['requestBody']>['content']['multipart/form-data']['pipeline'];
export type AvatarStatus = NonNullable<Avatar['status']>;
export type ExportStatus = NonNullable<Export['status']>;

type Schemas = components['schemas'];

/** The computation parameters a pipeline takes: every category, group and name exactly as the catalogue has them. */
export type ComputationParameters<P extends PipelineName> = Schemas[`ComputationParameters_${P}`];

/** The pipelines that take export parameters. */
export type ExportPipelineName = {
  [P in PipelineName]: `ExportParameters_${P}` extends keyof Schemas ? P : never;
}[PipelineName];

/** The export parameters of a pipeline (a union over several pipelines when P is one). */
export type ExportParameters<P extends ExportPipelineName = ExportPipelineName> = P extends ExportPipelineName ? Schemas[`ExportParameters_${P}`] : never;

export type Color = Schemas['Color'];
export type Size = Schemas['Size'];

/** The filters of `GET /avatars/`. */
export type AvatarFilter = Omit<NonNullable<paths['/avatars/']['get']['parameters']['query']>, 'page'>;

/** What the `/parameters/…` and `/export_parameters/…` endpoints answer. */
export type ParameterListing = Record<string, unknown>;
