'use strict';
// Binds every panel and starts polling; the last script the page runs.

function start() {
  bindAccess();
  bindForms();
  bindCallbackForms();
  bindOutline();
  bindWireframe();
  bindTimeline();
  bindSwift();
  $('#contract-toggle').addEventListener('click', (click) => {
    const panel = $('#contract');
    panel.hidden = !panel.hidden;
    click.currentTarget.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden && !panel.dataset.loaded) { panel.dataset.loaded = 'yes'; loadContract(); }
  });
  renderAll();
  loadTrees();
  setInterval(() => { if (!document.hidden) { loadTrees(); refreshTree(); } }, 3000);
}

start();
