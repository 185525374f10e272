extension AppScript {
    static let jobs = #"""
    Reel.handlers.jobs = function () {
      let last = null;
      const render = () => {
        if (!last) return;
        const state = $('#state-filter').value, q = $('#search').value.trim().toLowerCase();
        const rows = (last.jobs || []).filter((j) => (!state || j.state === state) && (!q || j.name.toLowerCase().includes(q)));
        $('#jobs tbody').replaceChildren(...rows.map(jobRow));
        $('#jobs-empty').hidden = rows.length > 0;
      };
      $('#state-filter').addEventListener('change', render);
      $('#search').addEventListener('input', render);
      live(null, (o) => { last = o; totals(o); render(); charts(o.chart || {}); });
    };
    function jobRow(j) {
      const pct = Math.floor(100 * (j.progress || 0));
      const time = ['done', 'failed', 'canceled'].includes(j.state) ? clock(j.elapsed_seconds) + ' elapsed'
        : j.state === 'stitching' ? 'stitching, ' + clock(j.elapsed_seconds) + ' elapsed'
        : (j.eta_seconds !== null && j.eta_seconds !== undefined ? 'ETA ' + clock(j.eta_seconds) : (j.elapsed_seconds ? clock(j.elapsed_seconds) + ' elapsed' : '–'));
      const tags = el('td', {}, (j.tags || []).join(', '));
      if ((j.tags_no_live_worker_has || []).length) tags.append(el('div', { class: 'warn', text: 'no live worker has ' + j.tags_no_live_worker_has.join(', ') }));
      return el('tr', { 'data-job': j.id, 'data-state': j.state },
        el('td', { class: 'name' }, el('a', { href: '/jobs/' + j.id, text: j.name }), el('div', { class: 'muted', text: '#' + j.id })),
        el('td', {}, badge(j.state)),
        el('td', {}, el('span', { class: 'progress' }, progressBar(pct)), el('span', { class: 'pct', text: pct + '%' })),
        el('td', { text: j.frames_done + ' / ' + j.frames }), el('td', { text: fps(j.fps) }), el('td', { text: time }),
        el('td', { text: j.priority }), tags, el('td', { text: j.owner || '–' }), el('td', { text: when(j.created_at) }));
    }
    function progressBar(pct) { const s = el('span'); s.style.width = pct + '%'; return s; }
    function charts(c) {
      bars($('#chart-throughput'), c.frames_per_minute || []);
      bars($('#chart-depth'), c.queue_depth || []);
    }
    function bars(svg, values) {
      if (!svg) return;
      const ns = 'http://www.w3.org/2000/svg', max = Math.max(1, ...values.filter((v) => v !== null)), w = 600 / Math.max(values.length, 60);
      svg.replaceChildren(...values.map((v, i) => {
        if (v === null) return document.createElementNS(ns, 'g');
        const r = document.createElementNS(ns, 'rect'), h = 76 * v / max;
        r.setAttribute('x', i * w); r.setAttribute('y', 80 - h); r.setAttribute('width', Math.max(1, w - 1)); r.setAttribute('height', h);
        r.setAttribute('class', 'bar');
        const t = document.createElementNS(ns, 'title'); t.textContent = String(v); r.append(t); return r;
      }));
    }

    """#
}
