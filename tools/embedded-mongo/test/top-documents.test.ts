import { sortDocuments, topDocuments } from '../src/query/sort';

describe('topDocuments (sort + limit without a full sort)', () => {
  const docs = Array.from({ length: 500 }, (_, index) => ({
    _id: index,
    // Many ties, so stability matters.
    group: index % 7,
    at: new Date(1_700_000_000_000 + ((index * 7919) % 500) * 1000),
    name: `n${(index * 31) % 97}`,
  }));

  it.each([
    [{ at: -1 }, 5],
    [{ group: 1 }, 20],
    [{ group: -1, name: 1 }, 50],
    [{ name: 1 }, 499],
    [{ at: 1, _id: -1 }, 1],
  ])('gives exactly the first documents of the stable sort by %j (%i of them)', (spec, count) => {
    expect(topDocuments(docs, spec, count)).toEqual(sortDocuments(docs, spec).slice(0, count));
  });

  it('gives everything when fewer documents than wanted exist, and nothing for 0', () => {
    expect(topDocuments(docs.slice(0, 3), { at: 1 }, 10)).toEqual(
      sortDocuments(docs.slice(0, 3), { at: 1 }),
    );
    expect(topDocuments(docs, { at: 1 }, 0)).toEqual([]);
  });
});
