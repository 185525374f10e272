extension AppScript {
    static let job = #"""
    Reel.handlers.job = function () {
      const id = Number(location.pathname.split('/').pop());
      let current = null, selected = null;
      const render = (d) => {
        current = d; const j = d.job;
        document.title = 'Reel · ' + j.name;
        $('#job-name').textContent = j.name;
        facts($('#job-facts'), [['Job', '#' + j.id], ['State', badge(j.state)], ['Progress', Math.floor(100 * j.progress) + '%'],
          ['Frames', j.frames_done + ' / ' + j.frames], ['fps', fps(j.fps)],
          [['done', 'failed', 'canceled'].includes(j.state) ? 'Elapsed' : 'ETA', ['done', 'failed', 'canceled'].includes(j.state) ? clock(j.elapsed_seconds) : clock(j.eta_seconds)],
          ['Priority', j.priority], ['Tags', (j.tags || []).join(', ') || '–'], ['Owner', j.owner || '–'], ['Created', when(j.created_at)]]);
        $('#job-error').hidden = !j.error; $('#job-error').textContent = j.error || '';
        strip(d); actions();
        const o = d.job;
        facts($('#output'), [['Stitch', d.stitch.state + (d.stitch.attempt ? ' (attempt ' + d.stitch.attempt + ')' : '')],
          ['Output', o.output], ['Size', bytes(o.output_bytes)], ['Duration', clock(o.duration_seconds)]]
          .concat(o.loudness ? [['Loudness', loudness(o.loudness)]] : []));
        const poster = $('#poster');
        if (d.poster && poster.dataset.src !== d.poster) { poster.dataset.src = d.poster; poster.src = d.poster; poster.hidden = false; poster.onerror = () => { poster.hidden = true; }; }
        filmstrip(d);
        if (selected !== null) showSegment(selected);
      };
      const level = (v, unit) => v === null ? '–' : v.toFixed(1) + ' ' + unit;
      const loudness = (l) => 'input ' + level(l.input_integrated_lufs, 'LUFS') + ', LRA ' + level(l.input_loudness_range_lu, 'LU')
        + ', true peak ' + level(l.input_true_peak_dbtp, 'dBTP') + '; gain ' + (l.gain_db >= 0 ? '+' : '') + l.gain_db.toFixed(1) + ' dB, limiter '
        + (l.limiter_acted ? 'on (' + l.limiter_reduction_db.toFixed(1) + ' dB)' : 'off') + '; output ' + level(l.output_integrated_lufs, 'LUFS')
        + ', true peak ' + level(l.output_true_peak_dbtp, 'dBTP');
      const facts = (box, pairs) => box.replaceChildren(...pairs.map(([k, v]) => el('span', {}, el('b', { text: k }), v)));
      const strip = (d) => {
        const cells = d.segments.map((s) => {
          const c = el('div', { class: 'cell state-' + s.state + (s.index === selected ? ' selected' : ''), 'data-index': s.index, 'data-state': s.state,
            title: 'segment ' + s.index + ': ' + s.state + (s.worker && s.state === 'running' ? ' on ' + s.worker : '') + ', frames ' + s.frame_start + '–' + (s.frame_end - 1),
            onclick: () => { selected = s.index; showSegment(s.index); strip(current); } });
          c.style.flexGrow = String(s.frame_end - s.frame_start);
          if (s.state === 'running') c.append(el('span', { class: 'cell-label', text: (s.worker || '') + (s.fps ? ' ' + s.fps.toFixed(0) + ' fps' : '') }));
          return c;
        });
        $('#strip').replaceChildren(...cells);
        const total = d.job.frames || 1, m = d.marks ? d.marks.transitions : [];
        $('#marks').replaceChildren(...m.map((t) => {
          const e = el('div', { class: 'mark', title: t.kind + ', frames ' + t.start + '–' + (t.end - 1) });
          e.style.left = (100 * t.start / total) + '%'; e.style.width = (100 * (t.end - t.start) / total) + '%'; return e;
        }));
      };
      const showSegment = (index) => {
        const s = current && current.segments.find((x) => x.index === index); const box = $('#segment-detail');
        if (!s) { box.hidden = true; return; }
        const info = el('div', {}, el('h3', { text: 'Segment ' + s.index }),
          el('div', { text: 'frames ' + s.frame_start + '–' + (s.frame_end - 1) + ' · ' + s.state + (s.reused ? ' (reused part)' : '') }),
          el('div', { text: 'attempt ' + s.attempt + ' of ' + s.max_attempts + (s.worker ? ' · worker ' + s.worker : '') }),
          s.render_seconds ? el('div', { text: 'rendered in ' + s.render_seconds.toFixed(1) + ' s (' + fps(s.render_fps) + ' fps)' }) : null,
          s.errors.length ? el('ol', {}, ...s.errors.map((e) => el('li', { class: 'error', text: 'attempt ' + e.attempt + (e.kind ? ' [' + e.kind + ']' : '') + (e.worker ? ' on ' + e.worker : '') + ': ' + e.message }))) : el('div', { class: 'muted', text: 'no failed attempts' }));
        box.replaceChildren(s.thumbnail ? el('img', { src: s.thumbnail, alt: 'first frame of segment ' + s.index }) : el('div'), info);
        box.hidden = false;
      };
      const filmstrip = (d) => {
        const box = $('#filmstrip'); const have = new Set([...box.children].map((f) => Number(f.dataset.index)));
        const done = d.segments.filter((s) => s.thumbnail);
        if (done.length === have.size && done.every((s) => have.has(s.index))) return;
        box.replaceChildren(...done.map((s) => el('figure', { 'data-index': s.index, onclick: () => { selected = s.index; showSegment(s.index); strip(current); } },
          el('img', { src: s.thumbnail, loading: 'lazy', alt: 'segment ' + s.index, 'data-index': s.index }), el('figcaption', { class: 'muted', text: String(s.index) }))));
      };
      const actions = () => {
        const j = current && current.job, can = Reel.session.writable && Reel.session.signed_in;
        $('#actions').hidden = !Reel.session.writable;
        $('#cancel').disabled = !can || !j || !['queued', 'running', 'stitching'].includes(j.state);
        $('#retry').disabled = !can || !j || !['failed', 'canceled'].includes(j.state);
        $('#priority').disabled = !can || !j;
      };
      const act = async (what, body, question) => {
        if (!window.confirm(question)) return;
        try { const r = await write('/api/v1/jobs/' + id + '/' + what, body); banner(what + ': done (' + JSON.stringify(r) + ')', 'info'); }
        catch (e) { banner(what + ' failed: ' + e.message); }
      };
      $('#cancel').addEventListener('click', () => act('cancel', {}, 'Cancel job #' + id + ' "' + current.job.name + '"? Finished segments are kept.'));
      $('#retry').addEventListener('click', () => act('retry', {}, 'Retry the failed and canceled segments of job #' + id + '?'));
      $('#priority').addEventListener('click', () => {
        const v = window.prompt('New priority for job #' + id + ' (higher runs first; now ' + current.job.priority + '):', String(current.job.priority));
        if (v === null) return; const n = Number(v);
        if (!Number.isInteger(n)) { banner('The priority must be a whole number.'); return; }
        act('priority', { priority: n }, 'Set the priority of job #' + id + ' to ' + n + '?');
      });
      document.addEventListener('reel-session', actions);
      api('/api/v1/jobs/' + id).then(render).catch((e) => banner(e.message));
      live(id, totals, render);
    };

    """#
}
