/** The device feature's public surface: the Ledger's state, and the emulator's panel in the demo. */
export { DevicePanel } from './DevicePanel';
export { DeviceStatus } from './DeviceStatus';
export { deviceSummary, useDeviceStore } from './device-store';
export { DeviceScreenList, LedgerShows, OptionalScreens, PredictedFor, screensOnLedger, useDeviceTarget,  } from './ledger-shows';
export { LedgerDeskCard } from './LedgerDeskCard';
