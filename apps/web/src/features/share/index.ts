/**
 * Public sharing (live tracking of a vehicle or group, a playback window, a collection view): the share dialog and
 * buttons other screens place, the list of all links with Revoke, and the public pages a link opens.
 */
export { ShareDialog, type ShareDialogProps } from './ShareDialog';
export { ShareButton, SharesButton, useCanShare } from './ShareButtons';
export { SharesDialog } from './SharesDialog';
export { PublicSharePage } from './public';
