import type { investmentReference } from '@kinfolio/contracts';
import styled from 'styled-components';

export type ReferenceName = investmentReference.ReferenceName;
export type InvestmentPlan = investmentReference.InvestmentPlan;
export type AdminFund = investmentReference.AdminFund;
export type FundImportStatus = investmentReference.FundImportStatus;
export type FundImportPreview = investmentReference.FundImportPreview;
export interface FundPage {
  rows: AdminFund[];
  total: number;
  page: number;
  page_size: number;
}

export const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 0 12px;
`;
