import { recordKinds } from '@kinfolio/contracts';
import { type KindName, kindPath, kindPaths } from './kindPath';

describe('kindPath: the client paths of the record kinds come from their declarations', () => {
  it('has every declared kind, with the path its declaration gives', () => {
    const declared = Object.fromEntries(Object.entries(recordKinds.KINDS).map(([k, v]) => [k, v.path]));
    expect(kindPaths()).toEqual(declared);
    for (const k of recordKinds.KIND_NAMES as KindName[]) expect(kindPath(k)).toBe(recordKinds.KINDS[k].path);
  });

  it('types a kind name: an unknown kind does not compile', () => {
    // @ts-expect-error 'incomes' is no kind of the contracts
    expect(() => kindPath('incomes')).toThrow();
    expect(kindPath('policy')).toBe('insurance');
  });
});
