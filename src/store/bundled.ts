import { readFile } from 'node:fs/promises';
import { validateCatalogueDocument, type CatalogueDocument } from '../catalogue/records/document.js';
import { projectPath } from '../project-files.js';

/** The catalogue shipped with the service, which fills an empty database on first start. */
const BUNDLED_CATALOGUE_PATH = projectPath('data/catalogue.json');

export async function readCatalogueDocument(path: string = BUNDLED_CATALOGUE_PATH): Promise<CatalogueDocument> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  const document = validateCatalogueDocument(parsed);
  if (!document.ok) throw new Error(`${path} is not a valid catalogue: ${document.errors.slice(0, 5).join('; ')}`);
  return document.value;
}
