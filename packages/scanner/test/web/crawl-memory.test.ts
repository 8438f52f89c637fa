// The browser crawl's memory across pages: controls that revealed nothing become dull after the limit, detail screens
// are taken for a template only with enough siblings of one shape, and a screen's query parameters count once.
import { describe, expect, it } from 'vitest';
import { CrawlMemory } from '../../src/web/browser/crawl-memory.ts';

const limits = { dullAfter: 2, templateAfter: 3, templateSiblings: 10 };
const screen = (controls: string[], fields: string[] = []) => ({
  targets: controls.map((key, i) => ({ key: `${key}|${i}` })),
  forms: fields.length ? [{ method: 'GET', fields: fields.map((name) => ({ name })) }] : [],
});

describe('crawl memory', () => {
  it('leaves a control alone once it revealed nothing on dullAfter pages, not before', () => {
    const m = new CrawlMemory(limits);
    let before = m.discoveries;
    m.clicked('button#menu', before);
    expect(m.isDull('button#menu')).toBe(false);
    before = m.discoveries;
    m.discovered();
    m.clicked('button#menu', before);
    expect(m.isDull('button#menu')).toBe(false);
    m.clicked('button#menu', m.discoveries);
    expect(m.isDull('button#menu')).toBe(true);
    expect(m.isDull('button#other')).toBe(false);
  });

  it('takes detail screens for a template once enough siblings showed one shape', () => {
    const m = new CrawlMemory(limits);
    for (let i = 0; i < 12; i++) m.child(`http://app/tests/t${i}`);
    for (let i = 0; i < 2; i++) m.shape(`http://app/tests/t${i}`, screen(['a#back', 'button#run'], ['q']));
    expect(m.templated('http://app/tests/t9')).toBe(false);
    m.shape('http://app/tests/t2', screen(['button#run', 'a#back'], ['q']));
    expect(m.templated('http://app/tests/t9')).toBe(true);
    // Another parent is not concerned.
    expect(m.templated('http://app/assets/a1')).toBe(false);
  });

  it('never takes a handful of screens side by side for a template', () => {
    const m = new CrawlMemory(limits);
    for (const name of ['a', 'b', 'c', 'd']) {
      m.child(`http://app/${name}`);
      m.shape(`http://app/${name}`, screen(['a#home']));
    }
    expect(m.templated('http://app/e')).toBe(false);
  });

  it('tells screens with different controls apart', () => {
    const m = new CrawlMemory(limits);
    for (let i = 0; i < 12; i++) m.child(`http://app/items/${i}`);
    for (let i = 0; i < 3; i++) m.shape(`http://app/items/${i}`, screen([`button#label-${i}`]));
    expect(m.templated('http://app/items/11')).toBe(false);
  });

  it('answers whether a page names a query parameter its screen had not shown', () => {
    const m = new CrawlMemory(limits);
    expect(m.addsParams('http://app/list?page=2')).toBe(true);
    expect(m.addsParams('http://app/list?page=3')).toBe(false);
    expect(m.addsParams('http://app/list?page=3&sort=name')).toBe(true);
    expect(m.addsParams('http://app/other?page=1')).toBe(true);
    expect(m.addsParams('http://app/#/list?q=x')).toBe(true);
    expect(m.addsParams('http://app/#/list?q=y')).toBe(false);
  });
});
