/**
 * Bus topic of share revocations (published by the share service, heard by every API process's share sockets, which
 * close at once when theirs is revoked). Messages survive JSON: ids as decimal strings.
 */
export const SHARE_REVOKED_TOPIC = 'share-revoked';

export interface ShareRevokedMessage {
  shareId: string;
}
