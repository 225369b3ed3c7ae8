// openapi-typescript drives the TypeScript 5 compiler API (ts.factory), which TypeScript 7, the
// project's compiler, does not have: this package keeps its own TypeScript 5 beside it.
import openapiTS, { astToString } from 'openapi-typescript';

/** The TypeScript declarations of an OpenAPI document (an object), as openapi-typescript writes them. */
export async function openapiTypes(document) {
  const ast = await openapiTS(document, { exportType: false, alphabetize: false });
  return astToString(ast);
}
