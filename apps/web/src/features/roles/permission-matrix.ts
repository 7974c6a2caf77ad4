/**
 * The permission matrix editor's model: the module catalogue grouped as the sidebar groups it, and the conversion
 * between a role's `authScopes` (module → true | action map) and the editor's checked set of permission keys.
 */
import { MODULES, permissionKey, type AuthScopes, type ModuleDefinition } from '@civicfleet/shared';

export type MatrixGroupId = ModuleDefinition['group'];

export interface MatrixGroup {
  id: MatrixGroupId;
  modules: ModuleDefinition[];
}

const GROUP_ORDER: MatrixGroupId[] = ['root', 'operations', 'reports', 'management', 'account'];

/** Sidebar order inside a group (menuOrder), modules without a menu place after, in catalogue order. */
export const MATRIX_GROUPS: MatrixGroup[] = GROUP_ORDER.map((id) => ({
  id,
  modules: MODULES.filter((m) => m.group === id)
    .map((m, index) => ({ m, index }))
    .sort((a, b) => (a.m.menuOrder ?? 1000 + a.index) - (b.m.menuOrder ?? 1000 + b.index))
    .map(({ m }) => m),
})).filter((g) => g.modules.length > 0);

/** Every permission key of a module: the module itself and its actions. */
export function moduleKeys(m: ModuleDefinition): string[] {
  return [m.id, ...m.actions.map((a) => permissionKey(m.id, a.id))];
}

export function scopesToChecked(authScopes: AuthScopes): Set<string> {
  const checked = new Set<string>();
  for (const m of MODULES) {
    const scope = authScopes[m.id];
    if (scope === undefined || scope === false) continue;
    checked.add(m.id);
    for (const a of m.actions) {
      if (scope === true || scope[a.id] === true) checked.add(permissionKey(m.id, a.id));
    }
  }
  return checked;
}

/** A module with every action checked is stored as `true`; otherwise as the map of its checked actions. */
export function checkedToScopes(checked: ReadonlySet<string>): AuthScopes {
  const scopes: AuthScopes = {};
  for (const m of MODULES) {
    if (!checked.has(m.id)) continue;
    const actions = m.actions.filter((a) => checked.has(permissionKey(m.id, a.id)));
    scopes[m.id] =
      actions.length === m.actions.length ? true : Object.fromEntries(actions.map((a) => [a.id, true]));
  }
  return scopes;
}

/** Checking an action checks its module; unchecking a module unchecks its actions; checking a module adds it alone. */
export function toggle(
  checked: ReadonlySet<string>,
  m: ModuleDefinition,
  key: string,
  on: boolean,
): Set<string> {
  const next = new Set(checked);
  if (on) {
    next.add(key);
    next.add(m.id);
  } else if (key === m.id) {
    for (const k of moduleKeys(m)) next.delete(k);
  } else {
    next.delete(key);
  }
  return next;
}

/** Select-all of a group: every module and action of it the caller may grant, on or off. */
export function toggleGroup(
  checked: ReadonlySet<string>,
  group: MatrixGroup,
  on: boolean,
  isGrantable: (key: string) => boolean,
): Set<string> {
  const next = new Set(checked);
  for (const m of group.modules) {
    for (const k of moduleKeys(m)) {
      if (!isGrantable(k)) continue;
      if (on) next.add(k);
      else next.delete(k);
    }
  }
  return next;
}
