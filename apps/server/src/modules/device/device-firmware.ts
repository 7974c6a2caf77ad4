/**
 * The over-the-air update command per protocol. Vendors differ; these are the common forms:
 * - AIS-140 (AIS 140 §3.1.3 parameter commands): `SET FOTA:<url>` when a URL is given, else `SET FW:<version>`;
 * - GT06 family: `UPGRADE,<url>#` (the device downloads the image itself), else `VERSION#` to read the running one;
 * - Teltonika FMB: `web_connect` makes the device check FOTA WEB, which holds the image assigned to it.
 * The device reports the version it runs in its login/heartbeat; the target stays recorded on the device until then.
 */
import type { DeviceProtocol } from '../../db/schema/index.ts';
import { BadRequestError } from '../../http/errors.ts';

export function firmwareCommandText(
  protocol: DeviceProtocol | null,
  version: string,
  url: string | undefined,
): string {
  switch (protocol) {
    case 'ais140':
      return url === undefined ? `SET FW:${version}` : `SET FOTA:${url}`;
    case 'gt06':
      if (url === undefined) {
        throw new BadRequestError('GT06 devices download the firmware themselves: give its URL.', {
          url: 'Required for GT06',
        });
      }
      return `UPGRADE,${url}#`;
    case 'teltonika':
      return 'web_connect';
    case null:
      throw new BadRequestError(
        'The device has not connected yet, so its protocol is unknown: set the protocol on the device first.',
        { version: 'Protocol unknown' },
      );
  }
}
