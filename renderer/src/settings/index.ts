/** The settings feature's public surface. */
export { SettingsScreen } from './SettingsScreen';
export { DemoClockControls } from './DemoClockControls';
