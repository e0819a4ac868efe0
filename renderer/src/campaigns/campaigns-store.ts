import { create } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import type { CampaignDetail, CampaignList, CampaignPointsView } from '../../../shared/insights/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';

interface CampaignsState {
  list: CampaignList | null;
  listLoading: boolean;
  /** The last failure; what was loaded before stays, marked as not current. */
  listError: AppErrorData | null;
  /** The campaign the campaign page shows. */
  campaignId: string | null;
  detail: CampaignDetail | null;
  detailError: AppErrorData | null;
  points: CampaignPointsView | null;
  pointsLoading: boolean;
  pointsError: AppErrorData | null;
  exporting: boolean;
  loadList(force?: boolean): Promise<void>;
  open(campaignId: string): void;
  loadDetail(force?: boolean): Promise<void>;
  loadPoints(groupId: string | null, force?: boolean): Promise<void>;
  exportPoints(groupId: string | null): Promise<void>;
}

/** Counts the points asked for, so that only the last answer is shown. */
let pointsAsked = 0;

export const useCampaignsStore = create<CampaignsState>((set, get) => ({
  list: null,
  listLoading: false,
  listError: null,
  campaignId: null,
  detail: null,
  detailError: null,
  points: null,
  pointsLoading: false,
  pointsError: null,
  exporting: false,
  async loadList(force) {
    set({ listLoading: true });
    try {
      set({ list: await call(getBridge().campaigns.list(force ? { force } : {})), listError: null });
    } catch (err) {
      set({ listError: errorData(err) });
    } finally {
      set({ listLoading: false });
    }
  },
  open(campaignId) {
    if (campaignId !== get().campaignId) set({ campaignId, detail: null, detailError: null, points: null, pointsError: null });
    useNavigationStore.getState().go('campaign');
  },
  async loadDetail(force) {
    const campaignId = get().campaignId;
    if (!campaignId) return;
    try {
      const detail = await call(getBridge().campaigns.get({ campaignId, ...(force ? { force } : {}) }));
      if (get().campaignId === campaignId) set({ detail, detailError: null });
    } catch (err) {
      if (get().campaignId === campaignId) set({ detailError: errorData(err) });
    }
  },
  async loadPoints(groupId, force) {
    const campaignId = get().campaignId;
    if (!campaignId) return;
    // Only the last points asked for are shown: a batch or campaign switched away from mid-load
    // never lands under the new one's name.
    const asked = ++pointsAsked;
    set({ pointsLoading: true });
    if (get().points && get().points!.groupId !== groupId) set({ points: null });
    try {
      const points = await call(getBridge().campaigns.points({ campaignId, groupId, ...(force ? { force } : {}) }));
      if (asked === pointsAsked && get().campaignId === campaignId) set({ points, pointsError: null });
    } catch (err) {
      if (asked === pointsAsked && get().campaignId === campaignId) set({ pointsError: errorData(err) });
    } finally {
      if (asked === pointsAsked) set({ pointsLoading: false });
    }
  },
  async exportPoints(groupId) {
    const campaignId = get().campaignId;
    if (!campaignId) return;
    set({ exporting: true });
    try {
      downloadFile(await call(getBridge().campaigns.exportPoints({ campaignId, groupId })));
    } catch (err) {
      useNavigationStore.getState().showNotice(errorData(err));
    } finally {
      set({ exporting: false });
    }
  },
}));
