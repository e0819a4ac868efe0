/** The portfolio feature's public surface: the batch's Overview screen. */
export { OverviewScreen } from './OverviewScreen';
