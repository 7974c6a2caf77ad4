/**
 * IMEI → the live connection of that device, for delivering commands (commands.ts) and for closing a device's stale
 * connection when it reconnects: the newest connection of an IMEI wins.
 */
import type { CommandRequest } from '@civicfleet/protocols';
import type { ConnectionIdentity } from './identity/identity-guard.ts';

export interface RegisteredConnection extends ConnectionIdentity {
  readonly id: number;
  /** The IMEI it identified as (null before). */
  readonly imei: string | null;
  /**
   * Commands must wait until this instant (epoch ms; 0: none): a connection younger than the takeover guard while
   * its device has an open identity conflict (identity/identity-guard.ts).
   */
  holdCommandsUntilMs(): number;
  /** Writes bytes to the device (commands). Returns false when the connection is gone. */
  send(bytes: Uint8Array): boolean;
  /** Encodes a command with the connection's codec and session and writes it. Throws when the codec refuses it. */
  sendCommand(command: CommandRequest): boolean;
  close(reason: string): void;
}

export interface ConnectionRegistry {
  register(imei: string, connection: RegisteredConnection): void;
  unregister(imei: string, connection: RegisteredConnection): void;
  get(imei: string): RegisteredConnection | undefined;
  readonly size: number;
}

export function createConnectionRegistry(): ConnectionRegistry {
  const byImei = new Map<string, RegisteredConnection>();
  return {
    register(imei, connection) {
      const previous = byImei.get(imei);
      byImei.set(imei, connection);
      if (previous && previous !== connection)
        previous.close('replaced by a newer connection of the same IMEI');
    },
    unregister(imei, connection) {
      if (byImei.get(imei) === connection) byImei.delete(imei);
    },
    get: (imei) => byImei.get(imei),
    get size() {
      return byImei.size;
    },
  };
}
