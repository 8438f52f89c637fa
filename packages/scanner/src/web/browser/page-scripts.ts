// The JavaScript the browser runs inside the scanned pages, kept as source text: a function would be transpiled by
// whatever loads the scanner (tsx adds helpers such as __name that do not exist in the page). Each is plain ES2020.

/**
 * Before any page script: notes client-side navigation (history.pushState/replaceState, hash and popstate changes,
 * window.open) as routes, and which elements get click-like listeners (so handlers on a <div> are found to click).
 */
export const CRAWL_INIT = `(() => {
  if (window.__bwkCrawl) return;
  const state = { routes: [], listeners: new WeakSet() };
  Object.defineProperty(window, '__bwkCrawl', { value: state });
  const note = (u) => { try { state.routes.push(new URL(String(u), location.href).href); } catch (e) {} };
  for (const name of ['pushState', 'replaceState']) {
    const orig = history[name];
    history[name] = function (data, title, url) {
      if (url !== undefined && url !== null) note(url);
      return orig.apply(this, arguments);
    };
  }
  addEventListener('hashchange', () => note(location.href));
  addEventListener('popstate', () => note(location.href));
  window.open = function (u) { if (u) note(u); return null; };
  const add = EventTarget.prototype.addEventListener;
  const CLICKY = new Set(['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'dblclick', 'touchstart', 'touchend']);
  EventTarget.prototype.addEventListener = function (type) {
    if (CLICKY.has(type) && typeof Element !== 'undefined' && this instanceof Element) state.listeners.add(this);
    return add.apply(this, arguments);
  };
})();`;

/** Shared helpers defined in the page once, used by the expressions below. */
const HELPERS = `
  // The document and every open shadow root in it (web components): what a user sees, the crawl looks through.
  let rootsFound = null;
  const roots = () => {
    if (rootsFound) return rootsFound;
    rootsFound = [document];
    for (let i = 0; i < rootsFound.length && rootsFound.length < 500; i++)
      for (const el of rootsFound[i].querySelectorAll('*')) if (el.shadowRoot) rootsFound.push(el.shadowRoot);
    return rootsFound;
  };
  const all = (sel) => roots().flatMap((r) => Array.from(r.querySelectorAll(sel)));
  const s = window.__bwkCrawl || { routes: [], listeners: new WeakSet() };
  const abs = (u) => { try { return new URL(u, document.baseURI).href; } catch (e) { return null; } };
  const label = (el) => String(el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('alt') || '').trim().replace(/\\s+/g, ' ').slice(0, 80);
  const visible = (el) => el.isConnected && el.getClientRects().length > 0;
`;

/**
 * What the page offers now: its URL and title, the routes it navigated to since last asked, links (anchors, areas,
 * frames, router attributes) and forms with their fields.
 */
export const COLLECT = `(() => {${HELPERS}
  const links = [];
  const push = (u, text) => { const url = abs(u); if (url) links.push({ url, text }); };
  for (const a of all('a[href], area[href]')) push(a.getAttribute('href'), label(a));
  for (const f of all('iframe[src], frame[src]')) push(f.getAttribute('src'), '');
  for (const el of all('[routerlink], [ng-reflect-router-link], [data-href], [data-url], [data-route], [to]')) {
    const u = el.getAttribute('routerlink') || el.getAttribute('ng-reflect-router-link') || el.getAttribute('data-href') || el.getAttribute('data-url') || el.getAttribute('data-route') || el.getAttribute('to');
    if (u && !/^\\s*javascript:/i.test(u)) push(u, label(el));
  }
  const forms = [];
  for (const f of all('form')) {
    const fields = [];
    const byName = new Map();
    for (const e of f.elements) {
      if (!e.name || e.disabled) continue;
      const tag = e.tagName.toLowerCase();
      const type = tag === 'textarea' ? 'textarea' : tag === 'select' ? 'select' : (e.getAttribute('type') || (tag === 'button' ? 'submit' : 'text')).toLowerCase();
      if (type === 'radio' && byName.has(e.name)) { const r = byName.get(e.name); r.options.push(e.value); if (e.checked) r.value = e.value; continue; }
      const field = { name: e.name, type, value: type === 'radio' && !e.checked ? '' : String(e.value ?? '') };
      if (tag === 'select') field.options = Array.from(e.options).map((o) => o.value);
      if (type === 'radio') field.options = [e.value];
      byName.set(e.name, field);
      fields.push(field);
    }
    const submit = f.querySelector('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
    forms.push({
      action: abs(f.getAttribute('action') || location.href),
      method: /^post$/i.test(f.getAttribute('method') || '') ? 'POST' : 'GET',
      enctype: (f.getAttribute('enctype') || 'application/x-www-form-urlencoded').toLowerCase(),
      fields,
      text: submit ? label(submit) : '',
    });
  }
  return { url: location.href, title: document.title, routes: s.routes.splice(0), links, forms };
})()`;

/**
 * The elements worth clicking now: buttons, ARIA buttons and links, the options of a radio group not chosen yet (a
 * list's grouping or view mode), anchors without a URL, inline and scripted click handlers, elements with a pointer
 * cursor. Kept in the page (window.__bwkTargets) for CLICK; answered as {key, text}.
 */
export const CLICKABLES = `(() => {${HELPERS}
  const sel = 'button, [role=button], [role=link], [role=menuitem], [role=tab], input[type=button], input[type=submit], input[type=image], input[type=radio]:not(:checked), [role=radio]:not([aria-checked=true]), [onclick], [onmousedown], a:not([href]), summary, [ng-click], [data-action]';
  const found = new Set(all(sel));
  // Frameworks that delegate events (React) leave no listener on the element: a pointer cursor on the outermost
  // element showing it (not a link, not inside one) marks it as clickable. Bounded for big pages.
  const pointer = (el) => el && getComputedStyle(el).cursor === 'pointer';
  let styled = 0;
  for (const el of all('*')) {
    if (el.closest('head')) continue;
    if (s.listeners.has(el)) found.add(el);
    else if (styled++ < 3000 && !el.closest('a[href]') && pointer(el) && !pointer(el.parentElement)) found.add(el);
  }
  const targets = Array.from(found).filter((el) => visible(el) && !el.disabled && !el.closest('[disabled]'));
  window.__bwkTargets = targets;
  const seen = new Map();
  return targets.map((el) => {
    const text = label(el);
    const base = el.tagName.toLowerCase() + '#' + (el.id || '') + '|' + text + '|' + (el.getAttribute('href') || el.getAttribute('data-action') || '');
    const n = (seen.get(base) || 0) + 1;
    seen.set(base, n);
    return { key: base + '|' + n, text, form: el.form ? abs(el.form.getAttribute('action') || location.href) : null };
  });
})()`;

/** Clicks target i of CLICKABLES the way a user's click arrives: pointer and mouse down/up, then click. */
export const CLICK = (i: number): string => `(() => {
  const el = (window.__bwkTargets || [])[${i}];
  if (!el || !el.isConnected) return false;
  const opts = { bubbles: true, cancelable: true, view: window };
  for (const type of ['pointerover', 'mouseover', 'pointerdown', 'mousedown', 'pointerup', 'mouseup']) {
    try { el.dispatchEvent(type.startsWith('pointer') ? new PointerEvent(type, opts) : new MouseEvent(type, opts)); } catch (e) {}
  }
  el.click();
  return true;
})()`;

/** What FILL types into a text field, and into the other input types. */
export const FILL_TEXT = 'bulwark';
export const FILL_VALUES: Record<string, string> = {
  email: 'bulwark@example.com',
  number: '1',
  range: '1',
  tel: '5551234',
  url: 'https://example.com/',
  date: '2020-01-01',
  'datetime-local': '2020-01-01T10:00',
  month: '2020-01',
  week: '2020-W01',
  time: '10:00',
  password: 'Bulwark-1',
  color: '#336699',
};

/**
 * Fills empty text-like fields with harmless values (through the native setter, so frameworks that watch input
 * events see them) and picks the first real option of empty selects. Answers how many it filled.
 */
export const FILL = `(() => {${HELPERS}
  const values = ${JSON.stringify(FILL_VALUES)};
  const setter = (proto) => Object.getOwnPropertyDescriptor(proto, 'value').set;
  let n = 0;
  for (const el of all('input, textarea, select')) {
    if (el.disabled || el.readOnly) continue;
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (tag === 'input' && ['hidden', 'submit', 'button', 'image', 'reset', 'file', 'checkbox', 'radio'].includes(type)) continue;
    if (tag === 'select') {
      if (el.value) continue;
      const opt = Array.from(el.options).find((o) => o.value);
      if (!opt) continue;
      setter(HTMLSelectElement.prototype).call(el, opt.value);
    } else {
      if (el.value) continue;
      const v = tag === 'textarea' ? ${JSON.stringify(FILL_TEXT)} : (values[type] || ${JSON.stringify(FILL_TEXT)});
      setter(tag === 'textarea' ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype).call(el, v);
    }
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    el.dispatchEvent(new KeyboardEvent('keyup', { bubbles: true, key: 'a' }));
    n++;
  }
  return n;
})()`;

/** Submits form i of the page (submit handlers run; a real submission becomes a navigation the router records). */
export const SUBMIT = (i: number): string => `(() => {${HELPERS}
  const f = all('form')[${i}];
  if (!f) return false;
  if (typeof f.requestSubmit === 'function') f.requestSubmit(); else f.submit();
  return true;
})()`;

/** run(): defines EXEC_HOOK before any page script; the marker goes to the scanner through the exposed binding. */
export const EXEC_INIT = (hook: string, binding: string): string => `(() => {
  const report = (m) => { try { window[${JSON.stringify(binding)}](String(m)); } catch (e) {} };
  try { Object.defineProperty(window, ${JSON.stringify(hook)}, { value: report, writable: false, configurable: false }); } catch (e) {}
})();`;

/**
 * run(): fires the events a payload's handler waits for. Every on* attribute gets its own event (onmouseover,
 * onfocus, onanimationstart …; focus through focus() as well), handlers set as properties get mouseover, focus and
 * click, and javascript: links and form actions are clicked. Bounded, so a huge page cannot keep it busy.
 */
export const FIRE_EVENTS = `(() => {
  let n = 0;
  const fire = (el, type) => {
    n++;
    try {
      if (type === 'focus' || type === 'focusin') el.focus && el.focus();
      const init = { bubbles: true, cancelable: true, view: window };
      const ev = /^(mouse|click|dblclick|contextmenu)/.test(type) ? new MouseEvent(type, init) : new Event(type, init);
      el.dispatchEvent(ev);
    } catch (e) {}
  };
  for (const el of document.querySelectorAll('*')) {
    if (n > 2000) break;
    for (const attr of el.getAttributeNames()) if (/^on[a-z]+$/i.test(attr)) fire(el, attr.slice(2).toLowerCase());
    for (const type of ['mouseover', 'focus', 'click']) if (typeof el['on' + type] === 'function' && !el.hasAttribute('on' + type)) fire(el, type);
  }
  for (const el of document.querySelectorAll('a[href], area[href], [formaction]')) {
    const u = el.getAttribute('href') || el.getAttribute('formaction') || '';
    if (/^\\s*javascript:/i.test(u)) { n++; try { el.click(); } catch (e) {} }
  }
  return n;
})()`;

/**
 * One round trip for what the crawl needs after a load or an action: COLLECT (forms with their defaults), then FILL
 * the empty fields, then CLICKABLES. Answers COLLECT's object with `filled` and `targets` added.
 */
export const SURVEY = `(() => {
  const c = ${COLLECT};
  c.filled = ${FILL};
  c.targets = ${CLICKABLES};
  return c;
})()`;
