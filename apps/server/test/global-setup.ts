/**
 * Builds the template database once per run. PGlite: migrate + seed an in-memory instance and dump it to a temp file
 * (each file then loads it in ~0.5 s). PostgreSQL (TEST_DATABASE_URL): a template database cloned per file.
 * The template has the demo data without the demo fleet: tests seed the vehicles they need.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/seed/index.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateDb = randomDbName('cf_template');
    await adminQuery(serverUrl, `create database ${templateDb}`);
    const database = openPostgres(databaseUrlFor(serverUrl, templateDb), 2);
    await prepareDatabase(database, { demo: true, demoFleet: false });
    await database.close();
    project.provide('postgresServerUrl', serverUrl);
    project.provide('postgresTemplateDb', templateDb);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${templateDb} with (force)`);
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'civicfleet-test-'));
  const file = path.join(dir, 'template.tar');
  const client = await PGlite.create();
  await prepareDatabase(openPglite(client), { demo: true, demoFleet: false });
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplateFile', file);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
