/** The settings feature's public surface. */
export { SettingsScreen } from './SettingsScreen';
export { DemoClockControls } from './DemoClockControls';
export { useSettingsStore } from './settings-store';
export { keyAbsence } from './key-absence';
export { DemoClockDate } from './DemoClockDate';
