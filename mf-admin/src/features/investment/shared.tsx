import type { investmentReference } from '@kinfolio/contracts';
import { theme } from '@kinfolio/ui-kit';
import styled from 'styled-components';

export type ReferenceName = investmentReference.ReferenceName;
export type InvestmentPlan = investmentReference.InvestmentPlan;
export type AdminFund = investmentReference.AdminFund;
export type FundImportStatus = investmentReference.FundImportStatus;
export interface FundPage {
  rows: AdminFund[];
  total: number;
  page: number;
  page_size: number;
}

export const Wrap = styled.div`
  h1 { margin: 0 0 6px; font-size: 1.5rem; }
  h2 { margin: 20px 0 8px; font-size: 1.15rem; }
  .kf-lead { margin: 0 0 16px; color: ${theme.colors.muted}; }
  .kf-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; margin-bottom: 12px; }
  .kf-bar > div { min-width: 220px; }
  td .kf-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  td .kf-actions button { min-height: 36px; padding: 4px 12px; }
  .kf-pager { display: flex; gap: 8px; align-items: center; margin-top: 12px; }
  .kf-num { text-align: right; font-variant-numeric: tabular-nums; }
`;
export const Note = styled.p<{ $ok: boolean }>`
  margin: 12px 0 0;
  padding: 10px 12px;
  border-radius: 6px;
  color: ${(p) => (p.$ok ? theme.colors.success : theme.colors.danger)};
  background: ${(p) => (p.$ok ? theme.colors.successSoft : theme.colors.dangerSoft)};
`;
export const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0 12px;
`;
