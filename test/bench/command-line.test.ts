import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCommandLine } from '../../bench/report/command-line.js';

const USAGE = 'bench [--size 200] [--fast] NAME=path';

describe('bench command lines', () => {
  it('takes the defaults when nothing is given', () => {
    const line = readCommandLine(USAGE, { size: 200, rounds: 5 }, { flags: ['fast'], args: [] });
    assert.deepEqual(line, { numbers: { size: 200, rounds: 5 }, flags: { fast: false }, positionals: [] });
  });

  it('reads numbers, switches and bare arguments in any order', () => {
    const line = readCommandLine(USAGE, { size: 200, rounds: 5 }, { flags: ['fast'], positionals: true, args: ['old=a.js', '--rounds', '3', '--fast', '--size=1000', 'new=b.js'] });
    assert.deepEqual(line, { numbers: { size: 1000, rounds: 3 }, flags: { fast: true }, positionals: ['old=a.js', 'new=b.js'] });
  });

  it('refuses what is not a whole number of at least one, naming the option', () => {
    for (const value of ['0', '-2', '1.5', 'many', '']) {
      assert.throws(() => readCommandLine(USAGE, { size: 200 }, { args: ['--size', value] }), /--size[\s\S]*usage: bench/);
    }
  });

  it('refuses unknown options and unexpected bare arguments, with the usage', () => {
    assert.throws(() => readCommandLine(USAGE, { size: 200 }, { args: ['--sise', '5'] }), /--sise[\s\S]*usage: bench/);
    assert.throws(() => readCommandLine(USAGE, { size: 200 }, { args: ['extra'] }), /extra[\s\S]*usage: bench/);
    assert.throws(() => readCommandLine(USAGE, { size: 200 }, { args: ['--size'] }), /--size[\s\S]*usage: bench/);
  });
});
