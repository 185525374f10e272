extension Assets {
    static let css = """
    :root { --bg: #f6f7f9; --fg: #1d2330; --muted: #6b7280; --line: #dde1e7; --queued: #b8c0cc; --running: #2f80ed;
            --done: #27ae60; --failed: #e04848; --canceled: #8e6bbf; --stitching: #f2994a; }
    * { box-sizing: border-box; } [hidden] { display: none !important; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); color: var(--fg); }
    header { display: flex; align-items: center; gap: 18px; padding: 10px 20px; background: #1d2330; color: #fff; }
    header a { color: #fff; text-decoration: none; } header nav a { margin-right: 12px; opacity: .85; }
    .brand { font-weight: 700; letter-spacing: .5px; font-size: 16px; }
    .live { margin-left: auto; font-size: 12px; opacity: .8; } .live.ok::before { content: "● "; color: #6fcf97; }
    .live.stale::before { content: "● "; color: #f2c94c; }
    #auth button, .actions button { font: inherit; padding: 4px 10px; border-radius: 4px; border: 1px solid #aab; background: #fff; cursor: pointer; }
    .actions button:disabled { opacity: .45; cursor: not-allowed; }
    main { padding: 16px 20px 40px; max-width: 1400px; margin: 0 auto; }
    .banner { background: #fdecea; color: #8a1c1c; padding: 8px 20px; } .banner.info { background: #e8f1fd; color: #1a4480; }
    .summary { display: flex; gap: 12px; flex-wrap: wrap; margin-bottom: 12px; }
    .summary div { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 120px; }
    .summary b { display: block; font-size: 20px; }
    .charts { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } figure { margin: 0; background: #fff;
      border: 1px solid var(--line); border-radius: 6px; padding: 8px; } figcaption { color: var(--muted); font-size: 12px; }
    svg { width: 100%; height: 80px; display: block; } svg .bar { fill: var(--running); } svg .area { fill: #cfe0fb; stroke: var(--running); }
    .filters { display: flex; gap: 16px; margin: 14px 0 8px; } .filters input, .filters select { font: inherit; padding: 3px 6px; }
    table.list { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); }
    table.list th, table.list td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); white-space: nowrap; }
    table.list td.name { white-space: normal; max-width: 360px; overflow-wrap: anywhere; }
    table.list th { font-size: 12px; color: var(--muted); font-weight: 600; background: #fafbfc; }
    .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; color: #fff; background: var(--queued); }
    .badge.running, .badge.working { background: var(--running); } .badge.done { background: var(--done); }
    .badge.failed, .badge.gone { background: var(--failed); } .badge.canceled, .badge.stopped { background: var(--canceled); }
    .badge.stitching, .badge.draining { background: var(--stitching); } .badge.idle { background: #7b8794; }
    .progress { width: 140px; height: 8px; background: #e7eaee; border-radius: 4px; overflow: hidden; display: inline-block; vertical-align: middle; }
    .progress span { display: block; height: 100%; background: var(--running); } .pct { margin-left: 6px; color: var(--muted); }
    .new-job-form { display: grid; gap: 10px; max-width: 560px; margin: 12px 0; }
    .new-job-form label { display: grid; grid-template-columns: 120px 1fr; align-items: center; gap: 8px; }
    .new-job-form input { font: inherit; padding: 3px 6px; } .problems li { margin: 4px 0; } .problems code { color: #b42318; }
    .warn { color: #b45309; font-size: 12px; } .muted { color: var(--muted); } .error { color: #b42318; }
    .job-head h1 { margin: 0 0 6px; font-size: 22px; overflow-wrap: anywhere; }
    .facts { display: flex; flex-wrap: wrap; gap: 6px 22px; color: var(--fg); } .facts span b { color: var(--muted); font-weight: 500; margin-right: 4px; }
    .actions { margin: 10px 0; display: flex; gap: 8px; }
    .legend { display: flex; align-items: center; gap: 6px; font-size: 12px; color: var(--muted); margin-bottom: 6px; }
    .legend .cell { width: 14px; height: 12px; display: inline-block; border-radius: 2px; flex: none; margin-left: 8px; }
    .legend .mark { width: 14px; height: 12px; display: inline-block; background: repeating-linear-gradient(45deg, #1d2330 0 2px, transparent 2px 5px); margin-left: 8px; }
    .strip-wrap { position: relative; } .strip { display: flex; height: 56px; gap: 1px; background: var(--line); border: 1px solid var(--line); }
    .strip .cell { flex-basis: 0; min-width: 1px; position: relative; overflow: hidden; cursor: pointer; font-size: 11px; color: #fff; padding: 2px 3px; }
    .cell.state-available { background: var(--queued); } .cell.state-running { background: var(--running); animation: pulse 1.6s infinite; }
    .cell.state-done { background: var(--done); } .cell.state-failed { background: var(--failed); } .cell.state-canceled { background: var(--canceled); }
    .cell.selected { outline: 2px solid #1d2330; z-index: 1; }
    @keyframes pulse { 50% { filter: brightness(1.2); } }
    .marks { position: absolute; left: 1px; right: 1px; bottom: -7px; height: 6px; pointer-events: none; }
    .marks .mark { position: absolute; height: 6px; background: repeating-linear-gradient(45deg, #1d2330 0 2px, transparent 2px 5px); min-width: 2px; }
    .segment-detail { margin-top: 14px; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 10px 14px; display: flex; gap: 16px; }
    .segment-detail img { width: 320px; border-radius: 4px; background: #000; } .segment-detail ol { margin: 4px 0; padding-left: 18px; }
    .filmstrip { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 6px; }
    .filmstrip figure { padding: 3px; cursor: pointer; } .filmstrip img { width: 100%; display: block; border-radius: 2px; background: #000; min-height: 40px; }
    .filmstrip figcaption { text-align: center; }
    #poster { max-width: 480px; margin-top: 10px; border-radius: 4px; }
    h2 { font-size: 15px; margin: 22px 0 8px; } .empty { color: var(--muted); }
    """
}
