extension AppScript {
    static let workers = #"""
    Reel.handlers.workers = function () {
      live(null, (o) => {
        totals(o);
        const rows = (o.workers || []).map((w) => el('tr', { 'data-worker': w.id, 'data-state': w.state },
          el('td', { class: 'name', text: w.id }), el('td', { text: w.host }), el('td', {}, badge(w.state)),
          el('td', { text: w.current_segment === null ? '–' : String(w.current_segment) }), el('td', { text: fps(w.fps) }),
          el('td', { text: w.segments_done }), el('td', { text: w.version }), el('td', { text: (w.tags || []).join(', ') || '–' }),
          el('td', { text: ago(w.last_seen_at) })));
        $('#workers tbody').replaceChildren(...rows);
        $('#workers-empty').hidden = rows.length > 0;
      });
    };

    """#
}
