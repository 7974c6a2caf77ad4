/**
 * The kit of an inherited organisation settings section (`organisation_settings.settings.<section>`, SQL in
 * db/organisation-settings.ts): GET answers what the organisation stores, what applies to it after inheritance from
 * its ancestors and the defaults; PUT replaces the organisation's own overrides as a whole (`{}` resets it to what it
 * inherits), in one transaction with its audit record. Another organisation's (or a deleted one's) settings are
 * "not found". A section brings its keys' rules (`overrides`, `inherit`, `defaults`) and its checks; the derive,
 * retention and alert desk sections are built on it.
 */
import type { Db } from '../../db/client.ts';
import {
  findSettingsSectionChain,
  upsertSettingsSection,
  type SettingsSection,
} from '../../db/organisation-settings.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findOrganisation } from './organisation.repository.ts';
import { canSeeOrganisation, type Actor } from './scope.ts';

const NOT_FOUND = 'Organisation not found.';

/** What GET and PUT answer (plus the section's `extra`). */
export interface SettingsSectionView<T> {
  organisationId: string;
  /** The organisation's own overrides (valid keys only). */
  stored: Partial<T>;
  /** What applies: defaults, then each ancestor's overrides root first, then its own. */
  effective: T;
  defaults: T;
}

export interface SettingsSectionSpec<T extends object, X extends object> {
  section: SettingsSection;
  /** The audit action of a write. */
  auditAction: string;
  defaults: T;
  /** The valid keys of one stored section (a value outside the rules counts as not set). */
  overrides(stored: unknown): Partial<T>;
  /** Settings from stored sections ordered root first (the organisation itself last). */
  inherit(chainRootFirst: readonly unknown[]): T;
  /** More of the answer, from the chain (root first, the organisation last). */
  extra?(chainRootFirst: readonly unknown[]): X;
  /** Checks what is to be stored before anything is read; throws a BadRequestError to refuse. */
  validate?(stored: Record<string, unknown>): void;
  /** Checks what is to be stored against what the organisation inherits (ancestors root first); throws to refuse. */
  checkInherited?(stored: Record<string, unknown>, ancestorsRootFirst: readonly unknown[]): void;
  /** The audit's `after` (default: what is stored). */
  audited?(stored: Record<string, unknown>): unknown;
  /** After the commit (e.g. tell the gateways to reload). */
  afterCommit?(organisationId: bigint): void;
}

export interface SettingsSectionService<T, X> {
  get(auth: AuthContext, id: bigint): Promise<SettingsSectionView<T> & X>;
  put(actor: Actor, id: bigint, patch: object): Promise<SettingsSectionView<T> & X>;
}

export function createSettingsSectionService<T extends object, X extends object = Record<never, never>>(
  { db, clock }: { db: Db; clock: Clock },
  spec: SettingsSectionSpec<T, X>,
): SettingsSectionService<T, X> {
  async function checkVisible(auth: AuthContext, id: bigint, tx: Db): Promise<void> {
    const row = canSeeOrganisation(auth, id) ? await findOrganisation(tx, id) : undefined;
    if (!row) throw new NotFoundError(NOT_FOUND);
  }

  async function read(id: bigint, tx: Db): Promise<SettingsSectionView<T> & X> {
    const chain = await findSettingsSectionChain(tx, id, spec.section);
    const view: SettingsSectionView<T> = {
      organisationId: String(id),
      stored: spec.overrides(chain.at(-1)),
      effective: spec.inherit(chain),
      defaults: { ...spec.defaults },
    };
    return { ...view, ...(spec.extra?.(chain) as X) };
  }

  return {
    async get(auth, id) {
      await checkVisible(auth, id, db);
      return read(id, db);
    },

    async put({ auth, ip }, id, patch) {
      const stored = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      spec.validate?.(stored);
      const result = await db.transaction(async (tx) => {
        await checkVisible(auth, id, tx);
        const chain = await findSettingsSectionChain(tx, id, spec.section);
        spec.checkInherited?.(stored, chain.slice(0, -1));
        const now = clock();
        await upsertSettingsSection(tx, id, spec.section, stored, now);
        await recordAudit(tx, {
          action: spec.auditAction,
          actorUserId: auth.userId,
          organisationId: id,
          entity: 'organisation_settings',
          entityId: id,
          detail: { before: spec.overrides(chain.at(-1)), after: spec.audited?.(stored) ?? stored },
          ip,
          at: now,
        });
        return read(id, tx);
      });
      spec.afterCommit?.(id);
      return result;
    },
  };
}
