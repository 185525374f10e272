/// The pages' script, in parts. Data is only ever written with `textContent` or attribute setters, never as HTML.
enum AppScript {
    static let common = #"""
    'use strict';
    const Reel = { session: { writable: false, signed_in: false, csrf: null }, lastMessage: 0, handlers: {} };
    function $(sel, root) { return (root || document).querySelector(sel); }
    function el(tag, props, ...kids) {
      const e = document.createElement(tag);
      for (const [k, v] of Object.entries(props || {})) {
        if (v === null || v === undefined || v === false) continue;
        if (k === 'class') e.className = v; else if (k === 'text') e.textContent = v;
        else if (k.startsWith('on')) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
      }
      for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid instanceof Node ? kid : String(kid));
      return e;
    }
    function clock(s) {
      if (s === null || s === undefined || !isFinite(s)) return '–';
      s = Math.max(0, Math.round(s)); const h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), x = s % 60;
      return (h ? h + ':' + String(m).padStart(2, '0') : m) + ':' + String(x).padStart(2, '0');
    }
    function fps(v) { return v === null || v === undefined ? '–' : v.toFixed(1); }
    function ago(iso) { if (!iso) return '–'; const s = (Date.now() - Date.parse(iso)) / 1000; return s < 60 ? Math.max(0, Math.round(s)) + ' s ago' : s < 3600 ? Math.round(s / 60) + ' min ago' : Math.round(s / 3600) + ' h ago'; }
    function when(iso) { return iso ? new Date(iso).toLocaleString() : '–'; }
    function bytes(n) { if (n === null || n === undefined) return '–'; const u = ['B', 'KB', 'MB', 'GB', 'TB']; let i = 0; while (n >= 1000 && i < 4) { n /= 1000; i++; } return n.toFixed(i ? 1 : 0) + ' ' + u[i]; }
    function badge(state) { return el('span', { class: 'badge ' + state, text: state }); }
    function banner(text, kind) { const b = $('#banner'); b.hidden = !text; b.textContent = text || ''; b.className = 'banner' + (kind ? ' ' + kind : ''); }
    async function api(path, options) {
      const r = await fetch(path, Object.assign({ credentials: 'same-origin', headers: { 'Accept': 'application/json' } }, options || {}));
      let body = null; try { body = await r.json(); } catch (e) { body = null; }
      if (!r.ok) throw new Error((body && body.error) || ('HTTP ' + r.status));
      return body;
    }
    async function write(path, body) {
      return api(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Reel-CSRF': Reel.session.csrf || '' },
                         body: JSON.stringify(body || {}) });
    }
    async function loadSession() {
      try { Reel.session = await api('/api/v1/session'); } catch (e) { Reel.session = { writable: false }; }
      const box = $('#auth'); box.replaceChildren();
      if (!Reel.session.writable) { box.append(el('span', { class: 'muted', text: 'read-only' })); }
      else if (Reel.session.signed_in) { box.append(el('button', { id: 'signout', type: 'button', text: 'Sign out', onclick: signOut })); }
      else { box.append(el('button', { id: 'signin', type: 'button', text: 'Sign in with token', onclick: signIn })); }
      document.dispatchEvent(new Event('reel-session'));
    }
    async function signIn() {
      const token = window.prompt('Your token (reel token create, or the server\'s --token-file):');
      if (!token) return;
      try { await api('/api/v1/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) }); banner(''); }
      catch (e) { banner('Sign-in failed: ' + e.message); return; }
      // Where reads need a token, what the page shows depends on who signed in: start again as them.
      if (Reel.session.reads_need_sign_in) { location.reload(); return; }
      loadSession();
    }
    async function signOut() {
      try { await api('/api/v1/session', { method: 'DELETE' }); } catch (e) {}
      if (Reel.session.reads_need_sign_in) { location.reload(); return; }
      loadSession();
    }
    // Live data: server-sent events, with polling of the API as a backup when the stream is quiet or broken.
    function live(jobId, onOverview, onJob) {
      const status = $('#live');
      const mark = (ok) => { status.textContent = ok ? 'live' : 'reconnecting…'; status.className = 'live ' + (ok ? 'ok' : 'stale'); };
      const seen = () => { Reel.lastMessage = Date.now(); mark(true); };
      const es = new EventSource('/events' + (jobId ? '?job=' + jobId : ''));
      es.addEventListener('overview', (e) => { seen(); onOverview(JSON.parse(e.data)); });
      if (onJob) es.addEventListener('job', (e) => { seen(); onJob(JSON.parse(e.data)); });
      es.onerror = () => mark(false);
      window.addEventListener('pagehide', () => es.close());
      setInterval(async () => {
        if (Date.now() - Reel.lastMessage < 20000) return;
        try {
          onOverview(await api('/api/v1/jobs'));
          if (onJob) onJob(await api('/api/v1/jobs/' + jobId));
          status.textContent = 'polling'; status.className = 'live stale';
        } catch (e) { mark(false); }
      }, 10000);
    }
    function totals(o) {
      const t = o.totals || {}; const box = $('#totals'); if (!box) return;
      const cell = (label, value) => el('div', {}, el('b', { text: value }), label);
      box.replaceChildren(cell('active jobs', t.jobs_active), cell('queued segments', t.segments_queued),
        cell('running segments', t.segments_running), cell('live workers', t.workers_live), cell('frames per second', fps(t.fps)));
      banner(o.error ? o.error : '');
    }
    document.addEventListener('DOMContentLoaded', async () => {
      await loadSession();
      if (Reel.session.reads_need_sign_in && !Reel.session.signed_in) {
        banner('Sign in with your token to see the jobs on this farm.'); $('#live').textContent = 'signed out'; return;
      }
      const page = document.body.dataset.page; if (Reel.handlers[page]) Reel.handlers[page]();
    });

    """#
}
