// The pages' style and their two scripts, kept apart from the markup that uses them. The
// filter script keeps the trials' filters in the URL's hash, so a filtered view (a cell's
// trials) is a link; a hash that names a trial opens it. The matrix script finds a library
// by name, keeps one runtime and sorts the rows by a clause. Plain DOM, no library.

import { TIMELINE_CSS } from './timeline-svg.ts';

export const STYLE = [
  'body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1240px;padding:12px;color:#222;background:#fff}',
  'h1{font-size:24px;margin:8px 0}h2{font-size:19px;margin:18px 0 6px}h3{font-size:16px}.meta,.intro{color:#444}',
  'table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #ddd;padding:4px 6px;text-align:left;font-size:13px;vertical-align:top;overflow-wrap:anywhere}',
  '.state.holds{background:#dff2df}.state.breaks{background:#fadcdc}.state.unknown{background:#fff0c2}.state.none{color:#555;background:#f4f4f4}',
  '.legend .state{padding:1px 5px;border-radius:3px}.state a{color:inherit}',
  'table.verdict{width:100%}table.verdict th.library small{color:#555}tr.reference th{background:#eef4ff}.yardstick{display:block;font-size:12px;font-weight:normal;color:#235}',
  '.bottom-line li{margin:3px 0}.clauses dt{font-weight:600;float:left;clear:left;margin-right:6px}.clauses dt::after{content:":"}.clauses dd{margin:0 0 3px 0}',
  '.status{padding:6px 8px;border-left:4px solid #393;background:#f4faf4}.status.news{border-color:#c00;background:#fdf0f0}',
  '.outcome{font:bold 12px monospace;padding:1px 5px;border-radius:3px;background:#eee}.outcome.pass{background:#dff2df}.outcome.known-fail{background:#fff0c2}',
  '.outcome.fail,.outcome.error,.outcome.flaky,.outcome.unknown,.outcome.unexpected-pass{background:#fadcdc}',
  'details.trial{border-top:1px solid #eee;padding:4px 0}summary{cursor:pointer}.case-title{color:#444;font-size:13px}a.self{color:#888;text-decoration:none;margin-left:4px}',
  '.timeline-box{overflow-x:auto}svg.timeline{display:block;width:100%;height:auto;min-width:560px;max-width:640px}',
  '.verdict.fail b{color:#b00}.verdict.unknown b{color:#a60}.filters{position:sticky;top:0;background:#fff;padding:6px 0;border-bottom:1px solid #ddd;z-index:1}',
  '.filters label{margin-right:10px;white-space:nowrap}code{word-break:break-all}pre{overflow-x:auto;background:#f6f6f6;padding:6px;font-size:12px}',
  '.explanations li{margin-bottom:8px}.cite{margin:4px 0 0}.skipped li{list-style:none;margin:2px 0}',
  '@media (max-width:700px){body{font-size:14px;padding:6px}th,td{font-size:12px;padding:3px}',
  'table.verdict,table.verdict tbody,table.verdict tr,table.verdict th,table.verdict td{display:block;width:auto}table.verdict thead{display:none}',
  'table.verdict tr{margin:8px 0;border:1px solid #ccc}table.verdict td::before{content:attr(data-label) ": ";font-weight:600;color:#222}',
  '.clauses dt{float:none}.matrix-tools label{display:block;margin:4px 0}}',
  '.called,.links{display:block;font-size:12px;font-weight:normal;color:#333}.called code{word-break:normal}',
  'button.sort{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;text-align:left;color:inherit;text-decoration:underline dotted}button.sort[aria-pressed="true"]::after{content:" \\2193"}',
  'a.term{color:inherit;text-decoration:underline dotted}.matrix-tools{margin:8px 0;padding:6px 0;border-bottom:1px solid #ddd}.matrix-tools label{margin-right:12px}',
  '.matrix-tools input{font:inherit;width:14em;max-width:60vw}.hint{color:#555;font-size:13px}.glossary dt{font-weight:600}.glossary dd{margin:0 0 4px 16px}',
  '.changes{padding:6px 8px;border-left:4px solid #36c;background:#f2f6fd}.changes li{margin:2px 0}',
  TIMELINE_CSS.replace(/(^|\})([^{]+)\{/g, (_, end, selectors: string) => `${end}${selectors.split(',').map((x) => `svg.timeline ${x}`).join(',')}{`),
].join('');

export const FILTER_SCRIPT = `
const form = document.getElementById('filters');
const KEYS = ['probe', 'runtime', 'clause', 'verdict', 'outcome'];
const isFilter = (hash) => hash.includes('=');
function chosen() {
  const p = new URLSearchParams(location.hash.slice(1));
  return Object.fromEntries(KEYS.map((k) => [k, p.get(k) || '']));
}
function show(f, open) {
  for (const k of KEYS) {
    const select = form.elements[k];
    // A page of one library has no library filter: every trial on it is that library's.
    if (!select) continue;
    if (f[k] && ![...select.options].some((o) => o.value === f[k])) select.add(new Option(f[k].replaceAll(',', ', '), f[k]));
    select.value = f[k];
  }
  const runtimes = f.runtime ? f.runtime.split(',') : [];
  const has = (list, x) => list.split(' ').includes(x);
  let shown = 0;
  const trials = [...document.querySelectorAll('.trial')];
  for (const t of trials) {
    const d = t.dataset;
    const verdictOk = !f.verdict || (f.clause ? has(d[f.verdict === 'fail' ? 'fails' : 'unknowns'], f.clause) : d[f.verdict === 'fail' ? 'fails' : 'unknowns'] !== '');
    const ok = (!f.probe || d.probe === f.probe) && (!runtimes.length || runtimes.includes(d.runtime)) && (!f.outcome || d.outcome === f.outcome) && (!f.clause || has(d.clauses, f.clause)) && verdictOk;
    t.hidden = !ok;
    if (ok) shown++;
    if (ok && open && t.tagName === 'DETAILS') t.open = true;
  }
  for (const s of document.querySelectorAll('section.probe, section.report')) s.hidden = !s.querySelector('.trial:not([hidden])');
  for (const d of document.querySelectorAll('details.skipped')) d.open = open && !!d.querySelector('.trial:not([hidden])') && !d.querySelector('.trial[hidden]');
  for (const r of document.querySelectorAll('table.verdict tbody tr')) {
    r.hidden = (!!f.probe && r.dataset.probe !== f.probe) || (runtimes.length > 0 && !r.dataset.runtimes.split(' ').some((x) => runtimes.includes(x)));
  }
  const any = KEYS.some((k) => f[k]);
  document.getElementById('shown').textContent = any ? shown + ' of ' + trials.length + ' trials shown' : '';
  return trials.find((t) => !t.hidden);
}
function follow() {
  // A hash someone typed or cut short (#%E0%A4%A) is no address of the page: read it as none.
  let hash = '';
  try {
    hash = decodeURIComponent(location.hash.slice(1));
  } catch {}
  if (!hash || isFilter(hash)) {
    const first = show(chosen(), !!hash);
    if (hash && first) (first.closest('section.probe') || first).scrollIntoView();
    return;
  }
  show(chosen(), false);
  const target = document.getElementById(hash);
  if (!target) return;
  for (let d = target; d; d = d.parentElement && d.parentElement.closest('details')) if (d.tagName === 'DETAILS') d.open = true;
  target.scrollIntoView();
}
form.addEventListener('change', () => {
  const p = new URLSearchParams();
  for (const k of KEYS) if (form.elements[k] && form.elements[k].value) p.set(k, form.elements[k].value);
  history.replaceState(null, '', p.toString() ? '#' + p.toString() : location.pathname);
  show(chosen(), false);
});
document.getElementById('show-all').addEventListener('click', (e) => {
  e.preventDefault();
  history.replaceState(null, '', location.pathname);
  show(chosen(), false);
});
// What is scrolled to clears the sticky filter bar, however tall it wraps on a narrow screen.
const clear = () => (document.documentElement.style.scrollPaddingTop = form.offsetHeight + 8 + 'px');
window.addEventListener('resize', clear);
clear();
window.addEventListener('hashchange', follow);
follow();
`;

export const MATRIX_SCRIPT = `
(() => {
  const tools = document.getElementById('matrix-tools');
  if (!tools) return;
  // Best first: a clause held, then unobservable, then broken, then not covered.
  const RANK = { holds: 0, unknown: 1, breaks: 2, none: 3 };
  const rows = () => [...document.querySelectorAll('table.verdict tbody tr')];
  rows().forEach((r, i) => (r.dataset.order = String(i)));
  function apply() {
    const find = tools.elements.find.value.trim().toLowerCase();
    const runtime = tools.elements.runtime.value;
    let shown = 0;
    for (const r of rows()) {
      const ok = (!find || r.dataset.named.includes(find)) && (!runtime || r.dataset.runtimes.split(' ').includes(runtime));
      r.hidden = !ok;
      if (ok) shown++;
    }
    document.getElementById('rows-shown').textContent = find || runtime ? shown + ' of ' + rows().length + ' rows shown' : '';
  }
  tools.addEventListener('input', apply);
  tools.addEventListener('change', apply);
  tools.addEventListener('submit', (e) => e.preventDefault());
  for (const button of document.querySelectorAll('button.sort')) {
    button.addEventListener('click', () => {
      const table = button.closest('table');
      const column = [...button.closest('tr').children].indexOf(button.closest('th'));
      const clause = button.dataset.sort;
      const rank = (r) => (clause ? RANK[r.cells[column].dataset.state] : 0);
      const sorted = [...table.tBodies[0].rows].sort((a, b) => b.classList.contains('reference') - a.classList.contains('reference') || rank(a) - rank(b) || a.dataset.order - b.dataset.order);
      for (const r of sorted) table.tBodies[0].appendChild(r);
      for (const b of table.querySelectorAll('button.sort')) b.setAttribute('aria-pressed', String(b === button));
    });
  }
})();
`;
