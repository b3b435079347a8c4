import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** The places a reader (or the code) cites the documents from: what the documents' tests scan. */
const CITING_ROOTS = ['src', 'test', 'scripts', 'bench', 'clients', 'docs', 'README.md', 'CONTRIBUTING.md'] as const;

const TEXT_FILES = new Set(['.ts', '.js', '.mjs', '.md', '.sh', '.json', '.jsonc', '.css', '.html', '.yaml', '.yml']);
const NOT_OURS = new Set(['node_modules', 'dist']);

/** Every text file under `root` (a folder or one file), as paths relative to the repository. */
export function textFiles(root: string): string[] {
  const entries = readdirSync(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && TEXT_FILES.has(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split('/').some((part) => NOT_OURS.has(part)))
    .sort();
}

/** The files of every citing root, folders walked and single files taken as they are. */
export function citingFiles(): string[] {
  return CITING_ROOTS.flatMap((root) => (extname(root) === '' ? textFiles(root) : [root]));
}

export const read = (path: string): string => readFileSync(path, 'utf8');

/** The `## ` and deeper headings of a markdown text, outside fenced code. */
export function headings(markdown: string): string[] {
  let fenced = false;
  const found: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#{1,6} /.test(line)) found.push(line.replace(/^#+ /, '').trim());
  }
  return found;
}

/** The anchor a heading gets: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The rows of the first markdown table whose header row starts with `firstColumn`, as cells. */
export function tableAfter(markdown: string, firstColumn: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${firstColumn} |`));
  if (start < 0) throw new Error(`no table headed "${firstColumn}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
  }
  return rows;
}
