/**
 * Fills the feature slots (components/slots) with the owning features' widgets, each loaded with its feature's chunk
 * the first time a screen renders it.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { FeatureSlots } from '@/components/slots/feature-slots';

function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Slot(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Slot;
}

export const FEATURE_SLOTS: FeatureSlots = {
  ShareButton: lazySlot(() => import('@/features/share').then((m) => m.ShareButton)),
  SharesButton: lazySlot(() => import('@/features/share').then((m) => m.SharesButton)),
  DeskPanel: lazySlot(() => import('@/features/desk').then((m) => m.DeskPanel)),
  AssignGeofencesDialog: lazySlot(() => import('@/features/geofence').then((m) => m.AssignGeofencesDialog)),
};
