/** Folders resolved from this file's location, never from the working directory (npm runs scripts in apps/server). */
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
