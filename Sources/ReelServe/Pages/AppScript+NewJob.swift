extension AppScript {
    /// The New job page. The file's text goes into the envelope as it is (not parsed and written again, which would
    /// change numbers as written); `Content-Type` says the format by the file's extension, as the API asks.
    static let newJob = #"""
    Reel.handlers.newjob = function () {
      const form = $('#nj-form'), button = $('#nj-submit'), status = $('#nj-status');
      $('#live').textContent = '';   // this page holds no event stream
      const ready = () => {
        const can = Reel.session.writable && Reel.session.signed_in;
        button.disabled = !can;
        status.textContent = !Reel.session.writable ? 'this server takes no submissions (read-only)'
          : can ? '' : 'sign in with your token to submit';
      };
      document.addEventListener('reel-session', ready); ready();
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        $('#nj-queued').hidden = true; $('#nj-invalid').hidden = true; banner('');
        const file = $('#nj-file').files[0];
        if (!file) { status.textContent = 'choose a composition or OTIO file first'; return; }
        const otio = /\.otio$/i.test(file.name);
        let text;
        try { text = await file.text(); } catch (e) { status.textContent = 'the file cannot be read: ' + e.message; return; }
        const fields = { output: $('#nj-output').value.trim() };
        const name = $('#nj-name').value.trim(); if (name) fields.name = name;
        const priority = $('#nj-priority').value.trim(); if (priority !== '') fields.priority = Number(priority);
        const rest = JSON.stringify(fields).slice(1, -1);
        button.disabled = true; status.textContent = 'validating and probing…';
        let r, body = null;
        try {
          r = await fetch('/api/v1/jobs', { method: 'POST', credentials: 'same-origin',
            headers: { 'Content-Type': otio ? 'application/vnd.opentimelineio+json' : 'application/json',
                       'Accept': 'application/json', 'X-Reel-CSRF': Reel.session.csrf || '' },
            body: '{"composition": ' + text + ', ' + rest + '}' });
          try { body = await r.json(); } catch (e) { body = null; }
        } catch (e) { ready(); status.textContent = 'the server cannot be reached: ' + e.message; return; }
        ready(); status.textContent = '';
        if (r.status === 201 || r.status === 200) { queued(body && body.job ? body.job : body); return; }
        if (r.status === 422 && body && body.problems) { invalid(body); return; }
        const wait = r.headers.get('Retry-After');
        banner('Not queued (HTTP ' + r.status + '): ' + ((body && body.error) || r.statusText) + (wait ? ' — try again in ' + wait + ' s' : ''));
      });
    };
    function queued(job) {
      const box = $('#nj-queued');
      box.replaceChildren(el('h2', { text: 'Queued' }),
        el('p', {}, 'Job ', el('a', { id: 'nj-job', href: '/jobs/' + job.id, text: job.name || ('job ' + job.id) }),
          ' (' + job.id + ') is ' + (job.state || 'queued') + (job.segments ? ', ' + job.segments + (job.segments === 1 ? ' segment' : ' segments') : '') + '.'));
      box.hidden = false;
    }
    function invalid(body) {
      $('#nj-invalid-title').textContent = body.error;
      $('#nj-problems').replaceChildren(...body.problems.map((p) =>
        el('li', { 'data-path': p.path }, el('code', { text: p.path }), ' ', el('span', { text: p.message }))));
      $('#nj-invalid').hidden = false;
    }

    """#
}
