/** The requests feature's public surface: the Requests screen (every open request of the batch, selected for a claim or cancel batch). */
export { RequestsScreen } from './RequestsScreen';
