import { balanceSheet, households, insurance, scenarios } from '@kinfolio/contracts';
import { type KindName, kindPath, kindPaths } from './kindPath';

const registries = {
  ...households.recordKinds,
  ...households.ownRouteKinds,
  ...insurance.insuranceKinds,
  ...balanceSheet.balanceSheetKinds,
  ...scenarios.scenarioKinds,
};

describe('kindPath: the client paths of the record kinds come from one lookup checked against the contracts', () => {
  it('has every kind of every registry, with the path the contract declares', () => {
    const declared = Object.fromEntries(Object.entries(registries).map(([k, v]) => [k, v.path]));
    expect(kindPaths()).toEqual(declared);
    for (const k of Object.keys(registries) as KindName[]) expect(kindPath(k)).toBe(registries[k].path);
  });

  it('counts the kinds of all registries (their names do not collide)', () => {
    const total =
      Object.keys(households.recordKinds).length +
      Object.keys(households.ownRouteKinds).length +
      Object.keys(insurance.insuranceKinds).length +
      Object.keys(balanceSheet.balanceSheetKinds).length +
      Object.keys(scenarios.scenarioKinds).length;
    expect(Object.keys(kindPaths())).toHaveLength(total);
  });

  it('types a kind name: an unknown kind does not compile', () => {
    // @ts-expect-error 'incomes' is no kind of the contracts
    expect(kindPath('incomes')).toBeUndefined();
    expect(kindPath('policy')).toBe('insurance');
  });
});
