// The DOM-XSS check's sink watch for run(): which of a load's markers (the values put in the URL's fragment and
// query) the page's own scripts carried to a place where a value can run as code. The markers are plain letters and
// digits, so no encoding or filter of the page changes them. A source whose marker reached no sink gets no payload
// load: only a page that passes a value on when it looks like markup, and not a plain word, would be missed so.
import type { BrowserContext, Page } from 'playwright-core';

/** The page-side name of the binding sink reports arrive through. */
const BINDING = '__bwkSink';

/** What carried a marker: markup (innerHTML, document.write …), code (eval, string timers …), a URL, an attribute. */
export type DomSink = 'html' | 'code' | 'url' | 'attribute' | 'navigation';

export interface SinkReach {
  marker: string;
  sink: DomSink;
}

/**
 * Before any page script: wraps the sinks so a value holding a marker is reported as it goes in; the values are
 * passed on unchanged. eval is wrapped too, which makes a page's direct eval an indirect one (global scope): only the
 * watched load has it, never a load that tries a payload. The markers live only in this script, so the scanner's own
 * evaluations in the page (which may pass through the wrapped eval) never carry one.
 */
const WATCH_INIT = (binding: string, markers: string[]): string => `(() => {
  if (window.__bwkSinkWatch) return;
  Object.defineProperty(window, '__bwkSinkWatch', { value: true });
  const markers = ${JSON.stringify(markers)};
  // A URL the page starts itself (a scheme, a path, a query, a fragment) cannot be turned into javascript:.
  const OWN_START = /^\\s*(https?:|mailto:|\\/|\\?|#|\\.)/i;
  const report = (sink, value) => {
    let s;
    try { s = String(value); } catch (e) { return; }
    if (sink === 'url' && OWN_START.test(s)) return;
    for (const m of markers) if (s.includes(m)) { try { window[${JSON.stringify(binding)}](m + ' ' + sink); } catch (e) {} }
  };
  const setter = (proto, prop, sink, only) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, prop);
    if (!d || !d.set || !d.configurable) return;
    Object.defineProperty(proto, prop, { ...d, set(v) { if (!only || only(this)) report(sink, v); return d.set.call(this, v); } });
  };
  const method = (obj, name, sink, arg) => {
    const orig = obj && obj[name];
    if (typeof orig !== 'function') return;
    obj[name] = function () { report(sink, arg === undefined ? Array.from(arguments).join('') : arguments[arg]); return orig.apply(this, arguments); };
  };
  const isScript = (el) => el instanceof HTMLScriptElement;
  setter(Element.prototype, 'innerHTML', 'html');
  setter(Element.prototype, 'outerHTML', 'html');
  setter(ShadowRoot.prototype, 'innerHTML', 'html');
  setter(HTMLIFrameElement.prototype, 'srcdoc', 'html');
  setter(Node.prototype, 'textContent', 'code', isScript);
  setter(HTMLElement.prototype, 'innerText', 'code', isScript);
  setter(HTMLScriptElement.prototype, 'text', 'code');
  for (const [proto, prop] of [
    [HTMLAnchorElement.prototype, 'href'], [HTMLAreaElement.prototype, 'href'], [HTMLBaseElement.prototype, 'href'],
    [HTMLIFrameElement.prototype, 'src'], [HTMLFrameElement.prototype, 'src'], [HTMLEmbedElement.prototype, 'src'],
    [HTMLScriptElement.prototype, 'src'], [HTMLObjectElement.prototype, 'data'], [HTMLFormElement.prototype, 'action'],
    [HTMLButtonElement.prototype, 'formAction'], [HTMLInputElement.prototype, 'formAction'],
  ]) setter(proto, prop, 'url');
  method(Element.prototype, 'insertAdjacentHTML', 'html', 1);
  method(Element.prototype, 'setHTMLUnsafe', 'html', 0);
  method(ShadowRoot.prototype, 'setHTMLUnsafe', 'html', 0);
  method(Document.prototype, 'write', 'html');
  method(Document.prototype, 'writeln', 'html');
  method(Range.prototype, 'createContextualFragment', 'html', 0);
  method(DOMParser.prototype, 'parseFromString', 'html', 0);
  method(window, 'open', 'navigation', 0);
  const attr = (name, value) => {
    const n = String(name).replace(/^.*:/, '').toLowerCase();
    if (n.startsWith('on') || n === 'srcdoc') report('attribute', value);
    else if (URL_ATTRS.includes(n)) report('url', value);
  };
  const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'data'];
  const setAttr = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) { attr(name, value); return setAttr.apply(this, arguments); };
  const setAttrNS = Element.prototype.setAttributeNS;
  Element.prototype.setAttributeNS = function (ns, name, value) { attr(name, value); return setAttrNS.apply(this, arguments); };
  for (const name of ['setTimeout', 'setInterval']) {
    const orig = window[name];
    window[name] = function (handler) { if (typeof handler === 'string') report('code', handler); return orig.apply(this, arguments); };
  }
  const evalOrig = window.eval;
  window.eval = function (x) { report('code', x); return evalOrig(x); };
  const F = Function;
  const FP = new Proxy(F, {
    apply(t, self, args) { report('code', args.join(',')); return Reflect.apply(t, self, args); },
    construct(t, args, nt) { report('code', args.join(',')); return Reflect.construct(t, args, nt === FP ? t : nt); },
  });
  try { Object.defineProperty(F.prototype, 'constructor', { value: FP, writable: true, configurable: true }); window.Function = FP; } catch (e) {}
  // After the load and the fired events: markers standing where the browser runs them whoever put them there (an
  // event-handler or URL attribute, a script's text), in the document and its open shadow roots.
  Object.defineProperty(window, '__bwkSinkScan', { value: () => {
    const found = [];
    const has = (s, sink) => { for (const m of markers) if (s && s.includes(m)) found.push(m + ' ' + sink); };
    const roots = [document];
    for (let i = 0; i < roots.length && roots.length < 500; i++) {
      for (const el of roots[i].querySelectorAll('*')) {
        if (el.shadowRoot) roots.push(el.shadowRoot);
        for (const a of el.getAttributeNames()) {
          const n = a.replace(/^.*:/, '').toLowerCase();
          const v = el.getAttribute(a) || '';
          if (n.startsWith('on') || n === 'srcdoc') has(v, 'attribute');
          else if (URL_ATTRS.includes(n) && !OWN_START.test(v)) has(v, 'url');
        }
        if (el instanceof HTMLScriptElement) has(el.text, 'code');
      }
    }
    return found;
  } });
})();`;

/** After the load and the fired events: the page's own scan (its markers are not in this text, which the page sees). */
const SCAN = `(() => { const f = window.__bwkSinkScan; return typeof f === 'function' ? f() : []; })()`;

/**
 * Sets up the watch on a fresh context before its page opens; collect() answers, once the page has settled, every
 * (marker, sink) pair seen, each once.
 */
export async function watchSinks(context: BrowserContext, markers: string[]): Promise<{ collect(page: Page): Promise<SinkReach[]> }> {
  const seen = new Set<string>();
  const note = (entry: string): void => {
    const [marker, sink] = entry.split(' ');
    if (marker && sink && markers.includes(marker)) seen.add(`${marker} ${sink}`);
  };
  await context.exposeBinding(BINDING, (_source, entry: unknown) => note(String(entry)));
  await context.addInitScript({ content: WATCH_INIT(BINDING, markers) });
  // location = …, location.assign(): not wrappable, but they navigate (the first load itself carries every marker).
  let first = true;
  context.on('request', (r) => {
    // The load itself and the server's redirects of it carry every marker: not the page's doing.
    if (!r.isNavigationRequest() || r.redirectedFrom()) return;
    if (first) return void (first = false);
    // Only where the marker stands in the path: the page went to the value itself, not to its own URL carrying it.
    let path = '';
    try {
      path = new URL(r.url()).pathname;
    } catch {
      return;
    }
    for (const m of markers) if (path.includes(m)) note(`${m} navigation`);
  });
  return {
    async collect(page) {
      const found = (await page.evaluate(SCAN).catch(() => [])) as string[];
      for (const entry of found) note(entry);
      // A binding call in flight arrives before an evaluate issued after it answers.
      await page.evaluate('0').catch(() => 0);
      return [...seen].map((e) => {
        const [marker, sink] = e.split(' ') as [string, DomSink];
        return { marker, sink };
      });
    },
  };
}
