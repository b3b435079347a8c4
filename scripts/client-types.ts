import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.js';

export const CLIENT_TYPES_PATH = new URL('../clients/typescript/schema.ts', import.meta.url);

const HEADER = `/*
 * Generated from the OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with \`npm run client:types\` after changing a route's schema; npm test fails while it is stale.
 */

`;

/** The client's types, as openapi-typescript writes them for the document the service serves now. */
export async function clientTypes(): Promise<string> {
  const document = await openApiDocument();
  const ast = await openapiTS(JSON.stringify(document), { alphabetize: false });
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CLIENT_TYPES_PATH, await clientTypes());
}
