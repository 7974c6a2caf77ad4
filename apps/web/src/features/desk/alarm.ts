/** The desk rings the console's one alarm (lib/alarm.ts). */
export { ALARM_REPEAT_MS, setAlarmMuted, useAlarmMute, useDeskAlarm } from '@/lib/alarm';
