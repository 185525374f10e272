/// The four pages. Each is a static shell: its data arrives as JSON from `/api/v1` and `/events` and is
/// written into the page with `textContent` only, so a job named `<img src=x onerror=alert(1)>` shows as text.
enum Pages {
    static let jobs = shell(page: "jobs", title: "Jobs", main: """
        <section class="summary" id="totals"></section>
        <section class="charts"><figure><figcaption>Queued segments, last hour</figcaption><svg id="chart-depth"
          viewBox="0 0 600 80" preserveAspectRatio="none"></svg></figure><figure><figcaption>Frames rendered per minute,
          last hour</figcaption><svg id="chart-throughput" viewBox="0 0 600 80" preserveAspectRatio="none"></svg></figure></section>
        <section class="filters"><label>State <select id="state-filter"><option value="">all</option>
          <option>queued</option><option>running</option><option>stitching</option><option>done</option>
          <option>failed</option><option>canceled</option></select></label>
          <label>Search <input id="search" type="search" placeholder="job name" autocomplete="off"></label></section>
        <table class="list" id="jobs"><thead><tr><th>Job</th><th>State</th><th>Progress</th><th>Frames</th><th>fps</th>
          <th>ETA / elapsed</th><th>Priority</th><th>Tags</th><th>Owner</th><th>Created</th></tr></thead><tbody></tbody></table>
        <p class="empty" id="jobs-empty" hidden>No jobs match.</p>
        """)

    static let job = shell(page: "job", title: "Job", main: """
        <section class="job-head"><h1 id="job-name"></h1><div id="job-facts" class="facts"></div>
          <div class="actions" id="actions"><button id="cancel" type="button">Cancel</button>
          <button id="retry" type="button">Retry</button><button id="priority" type="button">Priority…</button></div>
          <p id="job-error" class="error" hidden></p></section>
        <section><h2>Segments</h2><div class="legend"><span class="cell state-available"></span>queued
          <span class="cell state-running"></span>running <span class="cell state-done"></span>done
          <span class="cell state-failed"></span>failed <span class="cell state-canceled"></span>canceled
          <span class="mark"></span>transition</div>
          <div class="strip-wrap"><div class="strip" id="strip"></div><div class="marks" id="marks"></div></div>
          <div id="segment-detail" class="segment-detail" hidden></div></section>
        <section><h2>Stitch and output</h2><div id="output" class="facts"></div><img id="poster" alt="poster frame" hidden></section>
        <section><h2>Finished segments</h2><div class="filmstrip" id="filmstrip"></div></section>
        """)

    static let workers = shell(page: "workers", title: "Workers", main: """
        <section class="summary" id="totals"></section>
        <table class="list" id="workers"><thead><tr><th>Worker</th><th>Host</th><th>State</th><th>Segment</th><th>fps</th>
          <th>Done</th><th>Version</th><th>Tags</th><th>Last seen</th></tr></thead><tbody></tbody></table>
        <p class="empty" id="workers-empty" hidden>No worker has registered yet.</p>
        """)

    /// Submitting through the page: a composition or OTIO file, an output name and a priority; the document is sent as
    /// it is (`POST /api/v1/jobs`), and the server's problems are listed at their paths, as text.
    static let newJob = shell(page: "newjob", title: "New job", main: """
        <section class="new-job"><h1>New job</h1>
          <p class="muted" id="nj-note">A Reel composition (.json) or an OpenTimelineIO timeline (.otio), with its media under
            the server's media roots (or your token's). The output is a name under your output root.</p>
          <form id="nj-form" class="new-job-form" novalidate>
            <label>Composition <input id="nj-file" type="file" accept=".json,.otio,application/json"></label>
            <label>Output <input id="nj-output" type="text" placeholder="spots/final.mp4" autocomplete="off"></label>
            <label>Name <input id="nj-name" type="text" placeholder="named after the output" autocomplete="off"></label>
            <label>Priority <input id="nj-priority" type="number" value="0" step="1" min="-1000000" max="1000000"></label>
            <div><button id="nj-submit" type="submit" disabled>Queue job</button> <span id="nj-status" class="muted"></span></div>
          </form>
          <section id="nj-queued" class="queued" hidden></section>
          <section id="nj-invalid" hidden><h2 id="nj-invalid-title"></h2><ul class="problems" id="nj-problems"></ul></section>
        </section>
        """)

    private static func shell(page: String, title: String, main: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Reel · \(title)</title><link rel="stylesheet" href="/static/app.css">
        <script src="/static/app.js" defer></script></head>
        <body data-page="\(page)"><header><a class="brand" href="/">Reel</a><nav><a href="/">Jobs</a>
        <a href="/workers">Workers</a>
        <a href="/jobs/new">New job</a></nav><span id="live" class="live">connecting…</span><span id="auth"></span></header>
        <div id="banner" class="banner" hidden></div><main>\(main)</main></body></html>
        """
    }
}
