/** The campaigns feature's public surface. */
export { CampaignsScreen } from './CampaignsScreen';
export { CampaignScreen } from './CampaignScreen';
export { useCampaignsStore } from './campaigns-store';
