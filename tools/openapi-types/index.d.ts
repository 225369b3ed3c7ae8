/** The TypeScript declarations of an OpenAPI document (an object), as openapi-typescript writes them. */
export function openapiTypes(document: object): Promise<string>;
