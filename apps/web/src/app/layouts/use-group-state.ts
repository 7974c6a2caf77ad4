import { useCallback, useState } from 'react';
import { readPreference, writePreference } from '@/lib/storage';
import type { NavGroupId } from '../nav';

const KEY = 'nav.groups';
type GroupState = Partial<Record<NavGroupId, boolean>>;

function readState(): GroupState {
  const raw = readPreference(KEY);
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const state: GroupState = {};
    for (const id of ['reports', 'management'] as const) {
      const value = (parsed as Record<string, unknown>)[id];
      if (typeof value === 'boolean') state[id] = value;
    }
    return state;
  } catch {
    return {};
  }
}

/**
 * Expanded/collapsed state of the sidebar groups, remembered in localStorage. A group never toggled by the user
 * starts open when the current page is one of its items.
 */
export function useGroupState(activeGroup: NavGroupId | undefined) {
  const [state, setState] = useState<GroupState>(readState);
  const isOpen = useCallback((id: NavGroupId) => state[id] ?? id === activeGroup, [state, activeGroup]);
  const toggle = useCallback(
    (id: NavGroupId) => {
      setState((previous) => {
        const next = { ...previous, [id]: !(previous[id] ?? id === activeGroup) };
        writePreference(KEY, JSON.stringify(next));
        return next;
      });
    },
    [activeGroup],
  );
  return { isOpen, toggle };
}
