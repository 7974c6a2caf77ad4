/**
 * The sidebar model, derived from the module catalogue (packages/shared permissions.ts) and a permission check.
 * Pure so that role-specific menus are tested without rendering.
 */
import { MODULES, type ModuleDefinition } from '@civicfleet/shared';

export interface NavItem {
  id: string;
  labelKey: string;
  path: string;
  badge?: 'new' | 'beta';
}

export type NavGroupId = 'reports' | 'swm' | 'management';

export interface NavGroup {
  id: NavGroupId;
  labelKey: string;
  /** Permitted items; may be empty — the heading itself is always shown (spec 01 §6 "Root menu items"). */
  items: NavItem[];
}

export interface Navigation {
  items: NavItem[];
  groups: NavGroup[];
}

export type CanAccessModule = (moduleId: string) => boolean;

/** `always`: the spec's groups show their heading even when empty; our SWM group only when it has items. */
const GROUPS: ReadonlyArray<{ id: NavGroupId; labelKey: string; always: boolean }> = [
  { id: 'reports', labelKey: 'nav.groups.reports', always: true },
  { id: 'swm', labelKey: 'nav.groups.swm', always: false },
  { id: 'management', labelKey: 'nav.groups.management', always: true },
];

function menuItems(group: ModuleDefinition['group'], can: CanAccessModule): NavItem[] {
  return MODULES.filter((m) => m.group === group && m.menuOrder !== undefined && can(m.id))
    .sort((a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0))
    .map((m) => ({ id: m.id, labelKey: m.labelKey, path: m.path, ...(m.badge ? { badge: m.badge } : {}) }));
}

export function buildNavigation(can: CanAccessModule): Navigation {
  return {
    items: menuItems('root', can),
    groups: GROUPS.map(({ id, labelKey, always }) => ({ id, labelKey, items: menuItems(id, can), always }))
      .filter((g) => g.always || g.items.length > 0)
      .map(({ id, labelKey, items }) => ({ id, labelKey, items })),
  };
}

/** The group whose items include the path, so the sidebar can open it on first load. */
export function groupOfPath(navigation: Navigation, pathname: string): NavGroupId | undefined {
  return navigation.groups.find((g) => g.items.some((item) => isPathActive(item.path, pathname)))?.id;
}

/** An item is active on its own path and on paths below it (/management/vehicle/edit/3 → Vehicles). */
export function isPathActive(itemPath: string, pathname: string): boolean {
  const base = itemPath.toLowerCase();
  const current = pathname.toLowerCase();
  return current === base || current.startsWith(`${base}/`);
}
