import { parseArgs } from 'node:util';
import { AccessService } from '../access/access-service.js';
import { ConfigError, loadConfig } from '../config.js';
import { openStore } from '../open-store.js';
import type { Actor, Operator } from '../store/access.js';
import { newPassword } from './password-prompt.js';

/** What the audit names as the actor of a change made here: someone with the server's own access. */
const COMMAND_LINE: Actor = { type: 'admin-token', name: 'command-line' };

const USAGE = `usage: npm run operator -- <command>
  add NAME --role owner|editor   add an operator (password asked twice, or one line on stdin)
  passwd NAME                    set a new password
  disable NAME                   stop NAME from signing in
  enable NAME                    let NAME sign in again
  list                           every operator`;

/** A mistake in the command itself; the usage follows its message. */
class UsageError extends Error {}

function describe(operator: Operator): string {
  return `${operator.name}\t${operator.role}\t${operator.disabled ? 'disabled' : 'enabled'}\tcreated ${operator.createdAt}`;
}

async function run(args: readonly string[], access: AccessService): Promise<string> {
  const { values, positionals } = parseArgs({ args: [...args], options: { role: { type: 'string' } }, allowPositionals: true, strict: true });
  const [command, name, ...rest] = positionals;
  if (command === 'list') return (await access.operators()).map(describe).join('\n') || '(no operators yet)';
  if (command === undefined || !['add', 'passwd', 'disable', 'enable'].includes(command)) throw new UsageError(`unknown command "${command ?? ''}"`);
  if (name === undefined || rest.length > 0) throw new UsageError(`${command} takes one NAME`);
  if (command === 'add') {
    if (values.role === undefined) throw new UsageError('add needs --role owner or --role editor');
    const created = await access.createOperator({ name, role: values.role, password: await newPassword() }, COMMAND_LINE);
    return `added ${describe(created)}`;
  }
  const changed =
    command === 'passwd'
      ? await access.changePassword(name, await newPassword(), COMMAND_LINE)
      : await access.setDisabled(name, command === 'disable', COMMAND_LINE);
  if (changed === undefined) throw new Error(`no operator is called "${name}"`);
  return `${command === 'passwd' ? 'password set for' : `${command}d`} ${describe(changed)}`;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Error(error.message);
    throw error;
  }
  const store = await openStore(config, () => undefined, 'command');
  try {
    await store.migrate();
    process.stdout.write(`${await run(process.argv.slice(2), new AccessService(store.access, undefined))}\n`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`operator: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) process.stderr.write(`${USAGE}\n`);
  process.exit(1);
});
