/**
 * GT06/Concox frame constants and protocol numbers (research/protocols.md §8.1–8.2; numbers as in Traccar's
 * Gt06ProtocolDecoder). Frame: start(2) length(1|2) protocol(1) content(N) serial(2) crc(2) 0D 0A.
 */
export const START_SHORT = 0x78; // 78 78 + 1-byte length
export const START_LONG = 0x79; // 79 79 + 2-byte length
export const STOP_CR = 0x0d;
export const STOP_LF = 0x0a;

/** Largest frame (start to stop bytes) the framer buffers; longer 0x7979 frames are skipped as oversize. */
export const MAX_FRAME_BYTES = 1024;
/** Length field minimum: protocol(1) + serial(2) + crc(2). */
export const MIN_LENGTH_FIELD = 5;

export const MSG = {
  login: 0x01,
  gps: 0x10,
  gpsLbs6: 0x11,
  gpsLbs: 0x12,
  status: 0x13,
  string: 0x15,
  gpsLbsStatus: 0x16,
  lbsExtend: 0x18,
  lbsStatus: 0x19,
  stringInfo: 0x21,
  gpsLbs2: 0x22,
  heartbeat: 0x23,
  gpsLbsStatus2: 0x26,
  gpsLbsStatus3: 0x27,
  gpsLbs4: 0x2d,
  gpsLbs3: 0x37,
  command0: 0x80,
  command1: 0x81,
  command2: 0x82,
  timeRequest: 0x8a,
  info: 0x94,
  // LBS / Wi-Fi lists (no fix)
  wifiOrRfid: 0x17,
  lbsMultiple3: 0x24,
  lbsMultiple1: 0x28,
  lbsWifi: 0x2c,
  lbsMultiple2: 0x2e,
  wifi2: 0x69,
  wifi4: 0xf3,
  // 4G generation (GK310, JM-VL03/VL103, LL301, LW4G)
  gpsLbs4g: 0xa0,
  lbs4g: 0xa1,
  wifi4g: 0xa2,
  fenceSingle: 0xa3,
  fenceMulti: 0xa4,
  lbsAlarm: 0xa5,
  addressRequest: 0xa7,
  // model families
  gpsLbsExtend: 0x1e,
  gpsLbs5: 0x31,
  gpsLbsStatus4: 0x32,
  az735Gps: 0x32,
  az735Alarm: 0x33,
  x1Gps: 0x34,
  status2: 0x36,
  gpsLbs8: 0x38,
  iButton: 0x61,
  gpsModular: 0x70,
  obd: 0x8c,
  cameraAlarm: 0x95,
  serial: 0x9b,
  peripheral: 0xf2,
} as const;
