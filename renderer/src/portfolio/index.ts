/** The portfolio feature's public surface: the batch's three screens (Overview, Positions, Requests). */
export { OverviewScreen } from './OverviewScreen';
export { PositionsScreen } from './PositionsScreen';
export { RequestsScreen } from './RequestsScreen';
