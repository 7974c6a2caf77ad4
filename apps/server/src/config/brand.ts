import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BrandSchema, type Brand } from '@civicfleet/shared';
import { REPO_ROOT } from './paths.ts';

/** Reads and validates brands/<brand>.json at the repository root. */
export function loadBrand(brand: string): Brand {
  const file = path.join(REPO_ROOT, 'brands', `${brand}.json`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read brand file ${file}: ${(error as Error).message}`);
  }
  const parsed = BrandSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `Invalid brand file ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}
