/** API command type + params → the protocol text sent to the device (issue 3 "Commands"). */
import { GT06_COMMANDS } from '@civicfleet/protocols';
import type { CommandType } from '@civicfleet/shared';
import type { DeviceProtocol } from '../../db/schema/index.ts';
import { BadRequestError } from '../../http/errors.ts';

const TEXTS: Record<Exclude<CommandType, 'custom'>, Record<DeviceProtocol, string | null>> = {
  // AIS-140 (AIS 140 §3.1.3) has no relay command: immobilisation is not part of the standard.
  engineStop: { gt06: GT06_COMMANDS.engineStop, teltonika: 'setdigout 1', ais140: null },
  engineResume: { gt06: GT06_COMMANDS.engineResume, teltonika: 'setdigout 0', ais140: null },
  getInfo: { gt06: GT06_COMMANDS.where, teltonika: 'getinfo', ais140: 'GET VER' },
};

const PROTOCOL_NAMES: Record<DeviceProtocol, string> = {
  ais140: 'AIS-140',
  gt06: 'GT06',
  teltonika: 'Teltonika',
};

export function commandText(
  type: CommandType,
  params: { text?: string | undefined },
  protocol: DeviceProtocol | null,
): string {
  if (type === 'custom') {
    if (!params.text) throw new BadRequestError('A custom command needs params.text.', { text: 'Required' });
    return params.text;
  }
  if (protocol === null) {
    throw new BadRequestError(
      'The device has not connected yet, so its protocol is unknown: send a custom command instead.',
      { type: 'Protocol unknown' },
    );
  }
  const text = TEXTS[type][protocol];
  if (text === null) {
    throw new BadRequestError(`${PROTOCOL_NAMES[protocol]} devices do not support the ${type} command.`, {
      type: `Not supported by ${PROTOCOL_NAMES[protocol]}`,
    });
  }
  return text;
}
