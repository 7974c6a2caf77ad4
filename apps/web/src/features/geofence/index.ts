/**
 * Geofences (spec 01 §2.6 /management/geofence): a map of the fences over the list, add/edit with drawing on the map,
 * assignment to vehicles; and the one-vehicle "assign geofence" dialog the vehicle-status screen uses.
 */
export { GeofenceListPage } from './GeofenceListPage';
export { GeofenceFormPage } from './GeofenceFormPage';
export { AssignGeofencesDialog, type AssignGeofencesDialogProps } from './AssignGeofencesDialog';
