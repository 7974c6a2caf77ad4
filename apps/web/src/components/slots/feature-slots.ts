/**
 * Feature slots: how a screen of one feature places a widget owned by another without importing it (a feature never
 * imports a sibling, docs/conventions.md). This file declares each slot and its props; the app shell fills the slots
 * with the owning feature's component, loaded lazily (app/feature-slots.tsx), and provides them around the signed-in
 * area; a feature renders `<FeatureSlot name="ShareButton" kind="live" … />`. An unfilled slot renders nothing.
 */
import type { ButtonProps } from '@mui/material/Button';
import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';

/** features/share: opens the share dialog for a vehicle or group (live) or a playback window. */
export interface ShareButtonSlotProps {
  kind: 'live' | 'playback';
  vehicleId?: string | undefined;
  groupId?: string | undefined;
  /** Playback window, ISO instants. */
  from?: string | undefined;
  to?: string | undefined;
  /** What is shared, in the dialog title ("MP09AB1234", a group's name). */
  subject?: string | undefined;
  buttonProps?: ButtonProps;
}

/** features/share: the list of all share links with Revoke. */
export interface SharesButtonSlotProps {
  buttonProps?: ButtonProps;
}

/** features/desk: the compact SOS desk panel. */
export interface DeskPanelSlotProps {
  /** Rows shown before "Open the desk" (default 8). */
  maxRows?: number;
}

/** features/geofence: edits which geofences apply to a vehicle. */
export interface AssignGeofencesSlotProps {
  /** The vehicle whose fences are edited; null closes the dialog. */
  vehicle: { id: string; registrationNumber: string } | null;
  onClose: () => void;
  /** After a successful save (e.g. to refresh the caller's rows). */
  onDone?: () => void;
}

export interface FeatureSlots {
  ShareButton: ComponentType<ShareButtonSlotProps>;
  SharesButton: ComponentType<SharesButtonSlotProps>;
  DeskPanel: ComponentType<DeskPanelSlotProps>;
  AssignGeofencesDialog: ComponentType<AssignGeofencesSlotProps>;
}

export const FeatureSlotsContext = createContext<Partial<FeatureSlots>>({});

export type FeatureSlotProps<K extends keyof FeatureSlots> = { name: K } & ComponentProps<FeatureSlots[K]>;

/** Renders the component filling slot `name` with the remaining props, or nothing when the slot is empty. */
export function FeatureSlot<K extends keyof FeatureSlots>({ name, ...props }: FeatureSlotProps<K>) {
  const component = useContext(FeatureSlotsContext)[name] as ComponentType<object> | undefined;
  return component ? createElement(component, props) : null;
}
