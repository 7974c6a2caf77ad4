/**
 * An organisation's derive settings (docs/derivations.md "Where settings and fences come from"): what it stores in
 * organisation_settings.settings.derive, what applies to it after inheritance from its ancestors, and the defaults.
 * A write replaces the stored overrides as a whole, is audited, and tells the gateways (TOPICS.deriveContext) so that
 * their cached context of this organisation and of every organisation below it is reloaded.
 */
import type { DeriveSettingsPatch, OrganisationDeriveSettings } from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_DERIVE_SETTINGS, validateDeriveSettings } from '../../derive/index.ts';
import {
  inheritDeriveSettings,
  publishDeriveContextChange,
  storedDeriveOverrides,
} from '../../gateway/ingest/derive-context-db.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './organisation.repository.ts';
import { canSeeOrganisation, type Actor } from './scope.ts';

export const DERIVE_SETTINGS_AUDIT = 'organisation.derive-settings-updated';

const NOT_FOUND = 'Organisation not found.';

export interface DeriveSettingsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
}

export function createDeriveSettingsService({ db, clock, bus }: DeriveSettingsServiceDeps) {
  async function checkVisible(auth: AuthContext, id: bigint, tx: Db): Promise<void> {
    const row = canSeeOrganisation(auth, id) ? await repo.findOrganisation(tx, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
  }

  async function read(id: bigint, tx: Db): Promise<OrganisationDeriveSettings> {
    const chain = await repo.findDeriveSettingsChain(tx, id);
    return {
      organisationId: String(id),
      stored: storedDeriveOverrides(chain.at(-1)),
      effective: inheritDeriveSettings(chain),
      defaults: { ...DEFAULT_DERIVE_SETTINGS },
    };
  }

  return {
    async get(auth: AuthContext, id: bigint): Promise<OrganisationDeriveSettings> {
      await checkVisible(auth, id, db);
      return read(id, db);
    },

    async put(
      { auth, ip }: Actor,
      id: bigint,
      patch: DeriveSettingsPatch,
    ): Promise<OrganisationDeriveSettings> {
      const stored = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      // The contract's bounds sit inside the derive rules; this keeps the two from drifting apart silently.
      try {
        validateDeriveSettings({ ...DEFAULT_DERIVE_SETTINGS, ...stored });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const field = message.split(':')[0] ?? 'body';
        throw new BadRequestError(message, { [field]: message });
      }
      const result = await db.transaction(async (tx) => {
        await checkVisible(auth, id, tx);
        const now = clock();
        const before = storedDeriveOverrides((await repo.findDeriveSettingsChain(tx, id)).at(-1));
        await repo.upsertDeriveSettings(tx, id, stored, now);
        await recordAudit(tx, {
          action: DERIVE_SETTINGS_AUDIT,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation_settings',
          entityId: id,
          detail: { before, after: stored },
          ip,
          at: now,
        });
        return read(id, tx);
      });
      // After the commit: a gateway reloading on this message must see the new settings.
      publishDeriveContextChange(bus, id);
      return result;
    },
  };
}
