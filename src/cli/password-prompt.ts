import { createInterface } from 'node:readline';

const ENTER = new Set(['\r', '\n', '\u0004']);
const BACKSPACE = new Set(['\u007f', '\b']);
const CTRL_C = '\u0003';

/**
 * Lines typed on a terminal, without echoing them: raw mode, keys read one by one. Keys typed ahead
 * (or pasted at once) wait for the next prompt rather than being lost.
 */
function hiddenLines(input: NodeJS.ReadStream, output: NodeJS.WritableStream): { next(prompt: string): Promise<string>; close(): void } {
  const keys: string[] = [];
  let wake: (() => void) | undefined;
  const onData = (chunk: string) => {
    keys.push(...chunk);
    wake?.();
  };
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.on('data', onData);
  input.resume();
  return {
    async next(prompt) {
      output.write(prompt);
      let typed = '';
      for (;;) {
        const key = keys.shift();
        if (key === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (ENTER.has(key)) break;
        if (key === CTRL_C) throw new Error('cancelled');
        typed = BACKSPACE.has(key) ? [...typed].slice(0, -1).join('') : typed + key;
      }
      output.write('\n');
      return typed;
    },
    close() {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
    },
  };
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
  const lines = hiddenLines(input, output);
  try {
    const first = await lines.next('Password (12-1024 characters): ');
    const second = await lines.next('Same password again: ');
    if (first !== second) throw new Error('the two passwords differ; nothing was changed');
    return first;
  } finally {
    lines.close();
  }
}
