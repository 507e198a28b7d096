import { expandReferences, parseExpansionPath } from '../../src/query/expand.js';

/** An in-memory "database" that records every load call. */
function store(resources: Record<string, Record<string, object>>) {
  const calls: Array<[string, string[]]> = [];
  const load = async (typeId: string, ids: string[]) => {
    calls.push([typeId, [...ids].sort()]);
    const table = resources[typeId] ?? {};
    return new Map(ids.filter((id) => id in table).map((id) => [id, table[id]]));
  };
  return { calls, load };
}

const groups = { g1: { id: 'g1', name: 'Gold' }, g2: { id: 'g2', name: 'Silver' } };
const customers = {
  c1: { id: 'c1', email: 'a@x', customerGroup: { typeId: 'customer-group', id: 'g1' } },
  c2: { id: 'c2', email: 'b@x', customerGroup: { typeId: 'customer-group', id: 'g2' } },
};
const ref = (typeId: string, id: string) => ({ typeId, id });

describe('reference expansion', () => {
  test('a top-level reference gets obj next to typeId and id', async () => {
    const { load } = store({ 'customer-group': groups });
    const [doc] = await expandReferences([{ id: 'x', customerGroup: ref('customer-group', 'g1') }], ['customerGroup'], load);
    expect(doc).toEqual({ id: 'x', customerGroup: { typeId: 'customer-group', id: 'g1', obj: groups.g1 } });
  });

  test('refs[*] expands every element, refs[1] only that one', async () => {
    const { load } = store({ 'customer-group': groups });
    const doc = { refs: [ref('customer-group', 'g1'), ref('customer-group', 'g2')] };
    const [all] = await expandReferences([doc], ['refs[*]'], load);
    expect(all.refs.map((r) => 'obj' in r)).toEqual([true, true]);
    const [one] = await expandReferences([doc], ['refs[1]'], load);
    expect(one.refs.map((r) => 'obj' in r)).toEqual([false, true]);
    const [outOfRange] = await expandReferences([doc], ['refs[5]'], load);
    expect(outOfRange).toEqual(doc);
  });

  test('obj.ref, objs[*].ref and nested[*][*].ref', async () => {
    const { load } = store({ customer: customers });
    const doc = {
      owner: { customer: ref('customer', 'c1') },
      associates: [{ customer: ref('customer', 'c1') }, { customer: ref('customer', 'c2') }],
      grid: [[{ customer: ref('customer', 'c2') }], [{ customer: ref('customer', 'c1') }]],
    };
    const [out] = await expandReferences([doc], ['owner.customer', 'associates[*].customer', 'grid[*][*].customer'], load);
    expect(out.owner.customer).toMatchObject({ obj: { email: 'a@x' } });
    expect(out.associates.map((a) => (a.customer as { obj?: { email: string } }).obj?.email)).toEqual(['a@x', 'b@x']);
    expect(out.grid.flat().map((a) => (a.customer as { obj?: { email: string } }).obj?.email)).toEqual(['b@x', 'a@x']);
  });

  test('paths continue into expanded objects, with or without obj', async () => {
    const { load } = store({ customer: customers, 'customer-group': groups });
    const doc = { associates: [{ customer: ref('customer', 'c1') }] };
    for (const path of ['associates[*].customer.customerGroup', 'associates[*].customer.obj.customerGroup']) {
      const [out] = await expandReferences([doc], [path], load);
      expect(out.associates[0].customer).toMatchObject({ obj: { customerGroup: { id: 'g1', obj: groups.g1 } } });
    }
  });

  test('only what was asked is expanded', async () => {
    const { load } = store({ customer: customers, 'customer-group': groups });
    const [out] = await expandReferences([{ customer: ref('customer', 'c1'), other: ref('customer', 'c2') }], ['customer'], load);
    expect(out.other).toEqual(ref('customer', 'c2'));
    expect(out.customer).toEqual({ ...ref('customer', 'c1'), obj: customers.c1 });
    expect((out.customer as unknown as { obj: { customerGroup: object } }).obj.customerGroup).not.toHaveProperty('obj');
  });

  test('never fails: bad paths, missing resources, non-references and KeyReferences are left alone', async () => {
    const { load, calls } = store({ customer: customers });
    const doc = { parentUnit: { typeId: 'business-unit', key: 'root' }, customer: ref('customer', 'gone'), name: 'x', list: [1, 2] };
    const [out] = await expandReferences(
      [doc],
      ['parentUnit', 'customer', 'name', 'list[*]', 'nope.deeper', 'bad[', '', 'a..b', 'x'.repeat(20).split('').join('.')],
      load,
    );
    expect(out).toEqual(doc);
    expect(calls).toEqual([['customer', ['gone']]]);
  });

  test('one load per referenced type per level for a whole page; inputs are not mutated', async () => {
    const { load, calls } = store({ customer: customers, 'customer-group': groups });
    const docs = [
      { associates: [{ customer: ref('customer', 'c1') }, { customer: ref('customer', 'c2') }], group: ref('customer-group', 'g2') },
      { associates: [{ customer: ref('customer', 'c1') }], group: ref('customer-group', 'g1') },
    ];
    const before = JSON.stringify(docs);
    const out = await expandReferences(docs, ['associates[*].customer.customerGroup', 'group'], load);
    expect(calls).toEqual([
      ['customer', ['c1', 'c2']],
      ['customer-group', ['g1', 'g2']],
      ['customer-group', ['g1', 'g2']],
    ]);
    expect(JSON.stringify(docs)).toBe(before);
    expect(out[1].associates[0].customer).toMatchObject({ obj: { customerGroup: { obj: groups.g1 } } });
    // Every occurrence has its own copy of the loaded resource.
    expect(out[0].associates[0].customer).not.toBe(out[1].associates[0].customer);
  });

  test('expansion path syntax', () => {
    expect(parseExpansionPath('a[*][0].b')).toEqual([
      { name: 'a', indexes: ['*', 0] },
      { name: 'b', indexes: [] },
    ]);
    expect(parseExpansionPath('a[x]')).toBeUndefined();
    expect(parseExpansionPath('a.')).toBeUndefined();
  });
});
