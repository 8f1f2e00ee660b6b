import { CLIENT_PLAN_SECTION_TITLES, CLIENT_PLAN_SECTIONS } from '@kinfolio/contracts/src/exports';
import { PLAN_SECTION_TITLES, PLAN_SECTIONS } from './sections';

it("lists the contracts' sections in their order with their titles", () => {
  expect(PLAN_SECTIONS).toEqual([...CLIENT_PLAN_SECTIONS]);
  expect(PLAN_SECTION_TITLES).toEqual(CLIENT_PLAN_SECTION_TITLES);
});
