import Foundation
import ReelModel
@testable import ReelOTIO
import ReelTestSupport

/// Fixtures, stand-in media and small helpers for the OTIO tests.
enum Support {
    struct Failed: Error, CustomStringConvertible { var description: String }

    /// The sample files (copies of ../shared/otio-samples, see Fixtures/SOURCES.md).
    static let samples = ["big_int", "clip_example", "gaps", "generator_reference_test", "image_sequence_example",
                          "multiple_track", "multitrack", "nested_example", "no_metadata", "preflattened",
                          "premiere_example", "screening_example", "screening_example_marker3", "simple_cut",
                          "transition", "transition_test"]

    static func fixtureURL(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: "otio", subdirectory: "Fixtures") else {
            throw Failed(description: "fixture \(name).otio not found")
        }
        return url
    }

    static func fixture(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: fixtureURL(name))) }

    static func json(_ name: String) throws -> JSONValue { try JSONParser.parse(fixture(name), lenient: true) }

    static func makeTempDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-otio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Media facts of a stand-in with `frames` frames at `rate`, video and audio.
    static func facts(_ path: String, frames: Rational, rate: Rational = .unit(24), audio: Bool = true,
                      video: Bool = true) throws -> MediaFacts {
        let duration = try RationalTime(frames / rate)
        return MediaFacts(path: path, duration: duration,
                          video: video ? .init(codec: "h264", width: 64, height: 36, frameRate: nil, duration: duration) : nil,
                          audio: audio ? .init(codec: "aac", sampleRate: 48000, channels: 2, duration: duration) : nil,
                          fileSize: 1, modificationTime: 1)
    }

    /// Every ExternalReference's file name with the longest available_range duration (in frames at
    /// its rate) found for it: the stand-ins a sample needs.
    static func standIns(_ root: JSONValue) -> [String: (frames: Rational, rate: Rational)] {
        var out: [String: (frames: Rational, rate: Rational)] = [:]
        func walk(_ v: JSONValue) {
            switch v {
            case .object(let members):
                if v["OTIO_SCHEMA"]?.stringValue == "ExternalReference.1", let url = v["target_url"]?.stringValue,
                   let path = OTIOMediaResolver.path(of: url) {
                    let name = path.split(separator: "/").last.map(String.init) ?? path
                    if out[name] == nil { out[name] = (.zero, .unit(24)) }
                    let d = v["available_range"]?["duration"]
                    if case .number(let text)? = d?["value"], case .success(let f) = OTIONumber.exact(text),
                       case .number(let rt)? = d?["rate"], case .success(let r) = OTIONumber.exact(rt),
                       f > (out[name]?.frames ?? .zero) {
                        out[name] = (f, r)
                    }
                }
                members.forEach { walk($0.value) }
            case .array(let a): a.forEach(walk)
            default: break
            }
        }
        walk(root)
        return out
    }

    /// Replaces every clip's MissingReference with an ExternalReference to `<clip name>.mov`
    /// whose available range is `available` (start and duration in frames at 24 fps).
    static func replacingMissing(_ v: JSONValue, available: (start: Int, duration: Int)? = nil) -> JSONValue {
        switch v {
        case .object(let members):
            let schema = v["OTIO_SCHEMA"]?.stringValue ?? ""
            var out = members.map { JSONMember(key: $0.key, value: replacingMissing($0.value, available: available)) }
            if schema.hasPrefix("Clip."), let name = v["name"]?.stringValue {
                let ref = external(url: "\(name).mov", available: available)
                out = out.map { m in
                    if m.key == "media_reference" && (m.value.isNull || m.value["OTIO_SCHEMA"]?.stringValue == "MissingReference.1") {
                        return JSONMember(key: m.key, value: ref)
                    }
                    if m.key == "media_references", let refs = m.value.objectMembers {
                        return JSONMember(key: m.key, value: .object(refs.map { r in
                            r.value["OTIO_SCHEMA"]?.stringValue == "MissingReference.1" ? JSONMember(key: r.key, value: ref) : r
                        }))
                    }
                    return m
                }
                if !out.contains(where: { $0.key == "media_reference" || $0.key == "media_references" }) {
                    out.append(JSONMember(key: "media_reference", value: ref))
                }
            }
            return .object(out)
        case .array(let a): return .array(a.map { replacingMissing($0, available: available) })
        default: return v
        }
    }

    static func external(url: String, available: (start: Int, duration: Int)?) -> JSONValue {
        func time(_ f: Int) -> JSONValue {
            .object([JSONMember(key: "OTIO_SCHEMA", value: .string("RationalTime.1")),
                     JSONMember(key: "rate", value: .number("24")), JSONMember(key: "value", value: .number("\(f)"))])
        }
        let range: JSONValue = available.map { a in
            .object([JSONMember(key: "OTIO_SCHEMA", value: .string("TimeRange.1")),
                     JSONMember(key: "duration", value: time(a.duration)), JSONMember(key: "start_time", value: time(a.start))])
        } ?? .null
        return .object([JSONMember(key: "OTIO_SCHEMA", value: .string("ExternalReference.1")),
                        JSONMember(key: "metadata", value: .object([])), JSONMember(key: "name", value: .string("")),
                        JSONMember(key: "available_range", value: range), JSONMember(key: "target_url", value: .string(url))])
    }

    /// Sets `metadata.reel` of the timeline (output settings for small, fast test renders).
    static func withReelMetadata(_ v: JSONValue, _ reel: JSONValue) -> JSONValue {
        guard case .object(var members) = v else { return v }
        members.removeAll { $0.key == "metadata" }
        members.append(JSONMember(key: "metadata", value: .object([JSONMember(key: "reel", value: reel)])))
        return .object(members)
    }

    /// Runs a program quietly; throws with its standard error on failure. Returns standard output.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        try TestProcess.check(executable, arguments).stdout
    }

    /// A stand-in clip whose every frame differs (a ramp that moves 9 steps a frame), coloured by
    /// `hue` so files differ, with a sine tone; `frames` frames at 24 fps.
    static func makeClip(_ url: URL, frames: Int, hue: Int, size: String = "64x36") throws {
        let cb = 64 + (hue * 128 / 360), cr = 192 - (hue * 128 / 360)
        try run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y",
                                    "-f", "lavfi", "-i", "color=c=gray:size=\(size):rate=24",
                                    "-f", "lavfi", "-i", "sine=frequency=\(300 + hue):sample_rate=48000",
                                    "-vf", "format=yuv420p,geq=lum='mod(X*4+Y*2+N*9\\,220)+16':cb=\(cb):cr=\(cr)",
                                    "-frames:v", "\(frames)", "-t", "\(Double(frames) / 24)",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "1",
                                    "-c:a", "aac", "-f", "mp4", url.path])
    }

    /// Video black, `frames` frames at 24 fps.
    static func makeBlack(_ url: URL, frames: Int, size: String = "64x36") throws {
        try run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi",
                                    "-i", "color=c=black:size=\(size):rate=24", "-frames:v", "\(frames)",
                                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "1",
                                    "-f", "mp4", url.path])
    }
}
