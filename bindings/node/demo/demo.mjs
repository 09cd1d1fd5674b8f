// SPDX-License-Identifier: Apache-2.0 OR MIT
// The demo page: measures the contenders of workload.mjs and draws the chart.
// Query: ?rounds=N&ms=M (per contender per round), &peers=0 to leave them out.
// window.demoResults holds the results when done (the screenshot and
// bench/browser/run.mjs wait for it).
import { contenders, measure, message } from './workload.mjs';
import { barChart } from './chart.mjs';

const q = new URLSearchParams(location.search);
const logEl = document.getElementById('log');
const log = (s) => { logEl.textContent += `${s}\n`; };
try {
  const { list, flavour } = await contenders({ withPeers: q.get('peers') !== '0', log });
  const results = await measure(list, {
    rounds: Number(q.get('rounds') ?? 3), ms: Number(q.get('ms') ?? 150),
    onRound: (r) => { document.getElementById('chart').textContent = `measuring… round ${r + 1}`; },
  });
  const ua = navigator.userAgent.match(/(Chrome|Firefox|HeadlessChrome|Safari)\/[\d.]+/)?.[0] ?? navigator.userAgent;
  document.getElementById('chart').innerHTML = barChart(results, {
    title: 'Who hashes the fastest in your browser?',
    subtitle: `SHA-256 hex of "${message}", one digest per message, messages per second (${ua}, fastsha256 wasm ${flavour})`,
  });
  window.demoResults = { results, flavour, userAgent: navigator.userAgent };
} catch (err) {
  log(`error: ${err.stack || err}`);
  window.demoResults = { error: String(err) };
}
