/** The live map's alert beep is the console's one alarm sound, with its one mute (lib/alarm.ts). */
export { playAlertBeep, setAlarmMuted as setAlertSoundMuted, useAlarmMute } from '@/lib/alarm';
