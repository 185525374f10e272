import Foundation
import ReelRecords

/// Where progress goes: a live bar on a terminal, plain lines into a pipe or file, or JSON events.
enum ProgressStyle {
    case bar, lines, json

    /// `json` when asked; else a bar when standard error is a terminal; else plain lines.
    static func detect(json: Bool) -> ProgressStyle {
        if json { return .json }
        return isatty(STDERR_FILENO) != 0 ? .bar : .lines
    }
}

/// Writes progress to standard error (JSON events to standard output), flushing every write,
/// since `print` is fully buffered into a pipe.
final class ProgressDisplay: @unchecked Sendable {
    private let style: ProgressStyle
    private let lock = NSLock()
    private var lastLine = ContinuousClock.now - .seconds(10)
    private var barShown = false

    init(style: ProgressStyle) { self.style = style }

    /// A progress update. Plain lines are rate-limited to one every 2 s, the bar to 10 a second. A nil `fps`
    /// (no recent rate: nothing rendered lately, or every part reused) shows as "--", never "0.0".
    func update(segmentsDone: Int, segments: Int, framesDone: Int64, frames: Int64, fps: Double?, eta: Double?) {
        lock.lock(); defer { lock.unlock() }
        let now = ContinuousClock.now
        switch style {
        case .json:
            emitJSON(["event": "progress", "segments_done": segmentsDone, "segments": segments,
                      "frames_done": framesDone, "frames": frames, "fps": fps.map { ($0 * 10).rounded() / 10 } as Any,
                      "eta_seconds": eta.map { ($0 * 10).rounded() / 10 } as Any])
        case .lines:
            guard now - lastLine >= .seconds(2) || framesDone == frames else { return }
            lastLine = now
            writeErr("progress: segments \(segmentsDone)/\(segments), frames \(framesDone)/\(frames), "
                     + "\(Self.format(fps)) fps, eta \(eta.map(Self.clock) ?? "--:--")\n")
        case .bar:
            guard now - lastLine >= .milliseconds(100) || framesDone == frames else { return }
            lastLine = now
            let width = 30
            let filled = frames > 0 ? Int(Int64(width) * framesDone / frames) : 0
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let pct = frames > 0 ? Int(100 * framesDone / frames) : 0
            writeErr("\r\u{1B}[2K\(bar) \(pct)%  segments \(segmentsDone)/\(segments)  frames \(framesDone)/\(frames)  "
                     + "\(Self.format(fps)) fps  ETA \(eta.map(Self.clock) ?? "--:--")")
            barShown = true
        }
    }

    /// A one-off message (a stage, a warning). Ends the bar's line first.
    func message(_ text: String, event: String = "message", fields: [String: Any] = [:]) {
        lock.lock(); defer { lock.unlock() }
        if style == .json { emitJSON(fields.merging(["event": event, "message": text]) { _, new in new }); return }
        if barShown { writeErr("\n"); barShown = false }
        writeErr(text + "\n")
    }

    /// A warning: `reel COMMAND: warning: TEXT` on standard error, or a `warning` event with TEXT.
    func warn(_ command: String, _ text: String) {
        if style == .json { message(text, event: "warning") } else { message("reel \(command): warning: \(text)") }
    }

    /// Ends the bar's line.
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if barShown { writeErr("\n"); barShown = false }
    }

    func emitJSON(_ object: [String: Any]) {
        FileHandle.standardOutput.write(FarmJSON.data(object, pretty: false) + Data("\n".utf8))
    }

    static func format(_ fps: Double?) -> String { fps.map { String(format: "%.1f", $0) } ?? "--" }

    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded()))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                         : String(format: "%d:%02d", s / 60, s % 60)
    }
}

/// Writes to standard error, unbuffered.
func writeErr(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
