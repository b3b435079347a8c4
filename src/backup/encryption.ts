import { Readable } from 'node:stream';
import { ReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupFileError } from './backup-header.js';

/**
 * A pipeline stage that encrypts what passes through it to every one of `recipients` in the age
 * format (decisions §20). A recipient that is none is refused here, before anything is read.
 */
export function encryption(recipients: readonly string[]): (plain: AsyncIterable<Uint8Array>) => AsyncGenerator<Uint8Array> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) {
    try {
      encrypter.addRecipient(recipient);
    } catch {
      throw new BackupFileError(`--recipient: "${recipient}" is not an age recipient (age1…)`);
    }
  }
  return async function* encrypt(plain) {
    // Ended early (the output failed), the loop cancels the encrypted stream, and so the plain one.
    for await (const chunk of await encrypter.encrypt(ReadableStream.from(plain))) yield chunk;
  };
}

/** `file` (in the age format) decrypted with `identity` (the text of an age identity file), as it is read. */
export async function decrypted(file: Readable, identity: string | undefined): Promise<Readable> {
  if (identity === undefined) throw new BackupFileError('the file is encrypted (age): give --identity KEYFILE');
  const decrypter = new Decrypter();
  const keys = identity.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  if (keys.length === 0) throw new BackupFileError('--identity: the key file holds no age identity');
  for (const key of keys) {
    try {
      decrypter.addIdentity(key);
    } catch {
      throw new BackupFileError('--identity: the key file holds something that is not an age identity (AGE-SECRET-KEY-1…)');
    }
  }
  try {
    const out = await decrypter.decrypt(Readable.toWeb(file) as globalThis.ReadableStream<Uint8Array>);
    return Readable.fromWeb(out as ReadableStream<Uint8Array>);
  } catch (error) {
    throw new BackupFileError(`the file cannot be decrypted with this identity, or is damaged (${error instanceof Error ? error.message : String(error)})`);
  }
}
