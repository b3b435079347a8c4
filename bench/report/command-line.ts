import { parseArgs } from 'node:util';

/** What a bench script was asked on its command line. */
export interface CommandLine<Name extends string, Flag extends string> {
  readonly numbers: Readonly<Record<Name, number>>;
  readonly flags: Readonly<Record<Flag, boolean>>;
  readonly positionals: readonly string[];
}

/**
 * Reads `--name N` options (whole numbers ≥ 1, each with its default), `--flag` switches and, when
 * `positionals` is set, bare arguments; anything else stops the script with its usage line.
 */
export function readCommandLine<Name extends string, Flag extends string = never>(
  usage: string,
  defaults: Readonly<Record<Name, number>>,
  { flags = [], positionals = false, args = process.argv.slice(2) }: { readonly flags?: readonly Flag[]; readonly positionals?: boolean; readonly args?: readonly string[] } = {},
): CommandLine<Name, Flag> {
  const names = Object.keys(defaults) as Name[];
  const options = Object.fromEntries([
    ...names.map((name) => [name, { type: 'string' as const }]),
    ...flags.map((flag) => [flag, { type: 'boolean' as const }]),
  ]);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: positionals, strict: true });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nusage: ${usage}`);
  }
  const numbers = {} as Record<Name, number>;
  for (const name of names) {
    const given = parsed.values[name];
    const value = given === undefined ? defaults[name] : Number(given);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1, got "${String(given)}"\nusage: ${usage}`);
    numbers[name] = value;
  }
  const chosen = {} as Record<Flag, boolean>;
  for (const flag of flags) chosen[flag] = parsed.values[flag] === true;
  return { numbers, flags: chosen, positionals: parsed.positionals };
}
