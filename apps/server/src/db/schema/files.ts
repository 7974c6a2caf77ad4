import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * Uploaded files (POST /v1/file). The bytes live in the FileStorage (storage/); this row records who may read them:
 * the uploader's organisation, whose subtree sees the file (another organisation gets 404). `key` is
 * `<folder>/<random id>.<ext>`, the storage key and the tail of the file's URL.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    key: text('key').notNull().unique('files_key_uq'),
    folder: text('folder').notNull(),
    /** Sniffed from the bytes: image/jpeg, image/png or application/pdf. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    uploadedBy: ref('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_organisation_idx').on(t.organisationId),
    check('files_content_type_chk', sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
  ],
);
