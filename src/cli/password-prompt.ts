import { createInterface } from 'node:readline';

const ENTER = new Set(['\r', '\n', '\u0004']);
const BACKSPACE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';

/** One line from a terminal without echoing it: raw mode, keys read one by one. */
function readHidden(prompt: string, input: NodeJS.ReadStream, output: NodeJS.WritableStream): Promise<string> {
  output.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (outcome: () => void) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      output.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (ENTER.has(key)) return done(() => resolve(typed));
        if (key === CTRL_C) return done(() => reject(new Error('cancelled')));
        if (BACKSPACE.has(key)) typed = [...typed].slice(0, -1).join('');
        else typed += key;
      }
    };
    input.on('data', onData);
  });
}

/** The first line of a piped stdin (without its line ending). */
function readLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) reject(new Error('stdin: expected the password on one line, got nothing'));
    });
  });
}

/**
 * A new password: asked twice on a terminal without echo, or read as one line from stdin when it is
 * not a terminal (scripts: `printf '%s\n' "$PASSWORD" | npm run operator -- add …`).
 */
export async function newPassword(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WritableStream = process.stderr): Promise<string> {
  if (!input.isTTY) return readLine(input);
  const first = await readHidden('Password (12-1024 characters): ', input, output);
  const second = await readHidden('Same password again: ', input, output);
  if (first !== second) throw new Error('the two passwords differ; nothing was changed');
  return first;
}
