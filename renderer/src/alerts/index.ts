/** The alerts feature's public surface: the bell, its screen, and the watch that feeds them. */
export { AlertsBell } from './AlertsBell';
export { AlertsScreen } from './AlertsScreen';
export { startAlertWatch } from './alert-watch';
