import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { StateSummarySchema } from '../store/state/state-rows.js';

export const BACKUP_FORMAT = 'slotmoji-backup';
/** The format version this code writes, and the newest it reads. */
export const BACKUP_VERSION = 1;
/** The first line of every file in the age format: an encrypted backup is told by it. */
export const AGE_MAGIC = 'age-encryption.org/v1\n';

/** The first line of a backup (decisions §20): what it is, and the state's summary. */
const BackupHeaderSchema = Type.Object(
  {
    format: Type.Literal(BACKUP_FORMAT),
    version: Type.Integer({ minimum: 1 }),
    createdAt: Type.String(),
    ...StateSummarySchema.properties,
  },
  { additionalProperties: false },
);
export type BackupHeader = Static<typeof BackupHeaderSchema>;

export const checkHeader = Compile(BackupHeaderSchema);

/** A file that is not a backup this version can restore; the message is the one line the command prints. */
export class BackupFileError extends Error {
  override readonly name = 'BackupFileError';
}
