/**
 * The live-feed permission table (live-permissions.ts) covers every message type and every data field the signed-in
 * feed's contracts define: a new message type or field without an entry fails here ("every live message type into
 * the live-feed permission tests"). Per-role behaviour over a real socket: live-roles.routes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LiveDeskMessageSchema, LiveMessageSchema, MODULES } from '@civicfleet/shared';
import {
  LIVE_MESSAGE_FIELDS,
  LIVE_TOPIC_PERMISSIONS,
  LIVE_TOPICS,
  liveScopeKey,
  liveTopicsOf,
  permittedMessage,
  type LiveServerMessage,
} from './live-permissions.ts';

/** Every message schema the signed-in feed may send. */
const MESSAGE_SCHEMAS = [...LiveMessageSchema.options, LiveDeskMessageSchema];

const typeOf = (schema: (typeof MESSAGE_SCHEMAS)[number]) => schema.shape.type.value;
const arrayFieldsOf = (schema: (typeof MESSAGE_SCHEMAS)[number]) =>
  Object.entries(schema.shape as Record<string, z.ZodTypeAny>)
    .filter(([, field]) => field instanceof z.ZodArray)
    .map(([name]) => name)
    .sort();

describe('live-feed permission table', () => {
  it('has an entry for every message type, naming a topic for each of its data fields', () => {
    const types = MESSAGE_SCHEMAS.map(typeOf).sort();
    expect(Object.keys(LIVE_MESSAGE_FIELDS).sort()).toEqual(types);
    for (const schema of MESSAGE_SCHEMAS) {
      const fields = LIVE_MESSAGE_FIELDS[typeOf(schema)] as Record<string, string>;
      expect(Object.keys(fields).sort(), typeOf(schema)).toEqual(arrayFieldsOf(schema));
      for (const topic of Object.values(fields)) expect(LIVE_TOPICS).toContain(topic);
    }
  });

  it('requires permissions that exist in the module catalogue', () => {
    const moduleIds = new Set(MODULES.map((m) => m.id));
    for (const topic of LIVE_TOPICS) {
      expect(LIVE_TOPIC_PERMISSIONS[topic].length).toBeGreaterThan(0);
      for (const moduleId of LIVE_TOPIC_PERMISSIONS[topic])
        expect(moduleIds.has(moduleId), moduleId).toBe(true);
    }
  });

  it('grants a topic for any one of its permissions, everything to SUPER_ADMIN, nothing to an empty role', () => {
    for (const topic of LIVE_TOPICS) {
      for (const moduleId of LIVE_TOPIC_PERMISSIONS[topic]) {
        expect(liveTopicsOf({ roleName: 'CUSTOM', permissions: [moduleId] }).has(topic)).toBe(true);
      }
    }
    expect([...liveTopicsOf({ roleName: 'SUPER_ADMIN', permissions: [] })].sort()).toEqual(
      [...LIVE_TOPICS].sort(),
    );
    expect(liveTopicsOf({ roleName: 'CUSTOM', permissions: [] }).size).toBe(0);
    // An action alone is not the module: `vehicle` (management) grants nothing either.
    expect(liveTopicsOf({ roleName: 'CUSTOM', permissions: ['vehicle', 'device', 'dashboard'] }).size).toBe(
      0,
    );
  });

  it('empties every field whose topic is not granted, for every message type', () => {
    for (const schema of MESSAGE_SCHEMAS) {
      const type = typeOf(schema);
      const fields = Object.entries(LIVE_MESSAGE_FIELDS[type] as Record<string, string>);
      const message = {
        type,
        ...Object.fromEntries(fields.map(([field]) => [field, [{ marker: field }]])),
        ...(type === 'error' ? { message: 'x' } : {}),
      } as unknown as LiveServerMessage;
      for (const topic of [...LIVE_TOPICS, null]) {
        const granted = new Set(topic === null ? [] : [topic]);
        const sent = permittedMessage(message, granted) as Record<string, unknown> | null;
        const kept = fields.filter(([, t]) => t === topic).map(([field]) => field);
        if (sent === null) {
          // Dropped only when nothing is left to carry, and never the snapshot (the client's "feed open").
          expect(kept, `${type} with ${String(topic)}`).toEqual([]);
          expect(type).not.toBe('snapshot');
          expect(fields.length).toBeGreaterThan(0);
          continue;
        }
        for (const [field, fieldTopic] of fields) {
          expect(sent[field], `${type}.${field} with ${String(topic)}`).toEqual(
            fieldTopic === topic ? [{ marker: field }] : [],
          );
        }
      }
    }
  });

  it('never sends a message type that has no entry', () => {
    const unknown = { type: 'identity-conflict', devices: [1] } as unknown as LiveServerMessage;
    expect(permittedMessage(unknown, new Set(LIVE_TOPICS))).toBeNull();
  });

  it('keys the scope by topics and organisations only', () => {
    const base = { roleName: 'CUSTOM', permissions: ['vehicle-status'], orgIds: [2n, 1n] };
    expect(liveScopeKey(base)).toBe(liveScopeKey({ ...base, orgIds: [1n, 2n] }));
    expect(liveScopeKey(base)).toBe(liveScopeKey({ ...base, permissions: ['vehicle-status', 'user'] }));
    expect(liveScopeKey(base)).not.toBe(liveScopeKey({ ...base, permissions: ['live-tracking'] }));
    expect(liveScopeKey(base)).not.toBe(liveScopeKey({ ...base, permissions: ['sos-desk'] }));
    expect(liveScopeKey(base)).not.toBe(liveScopeKey({ ...base, orgIds: [1n] }));
    expect(liveScopeKey(base)).not.toBe(liveScopeKey({ ...base, orgIds: 'all' }));
  });
});
