import Foundation

/// The stylesheet and script, served by the binary (no build step, nothing fetched from elsewhere).
enum Assets {
    static func file(_ name: String) -> HTTPResponse {
        switch name {
        case "app.css": .bytes(Data(css.utf8), type: "text/css; charset=utf-8", cache: "no-cache")
        case "app.js": .bytes(Data(script.utf8), type: "text/javascript; charset=utf-8", cache: "no-cache")
        default: .error(404, "no such file")
        }
    }

    static var script: String { AppScript.common + AppScript.jobs + AppScript.job + AppScript.workers + AppScript.newJob }
}
