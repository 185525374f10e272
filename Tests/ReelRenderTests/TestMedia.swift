import Foundation
import ReelMedia

/// Small helpers for media tests: a temp directory, the ffmpeg CLI, raw yuv420p frames, PSNR.
enum TestMedia {
    struct CommandFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// A fresh temporary directory, removed by the caller with `cleanUp`.
    static func makeTempDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reel-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func cleanUp(_ url: URL) { try? FileManager.default.removeItem(at: url) }

    /// Runs the ffmpeg CLI quietly; throws with its stderr on a non-zero exit.
    static func ffmpeg(_ arguments: [String]) throws {
        try run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
    }

    /// ffprobe's `key=value` entries of the first `stream` stream ("v" or "a"), counting packets and
    /// decoded frames (`nb_read_packets`, `nb_read_frames`): the outside count beside one of Reel's own.
    static func probe(_ path: String, stream: String, entries: String) throws -> [String: String] {
        let text = try run("/usr/bin/ffprobe", ["-v", "error", "-count_packets", "-count_frames", "-select_streams",
                                                "\(stream):0", "-show_entries", "stream=\(entries)",
                                                "-of", "default=nw=1", path])
        let pairs = text.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        return Dictionary(pairs.filter { $0.count == 2 }.map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
    }

    /// Runs a tool; its standard output, or an error with its stderr on a non-zero exit.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandFailed(description: "\(tool) \(arguments.joined(separator: " ")): "
                                + String(decoding: message, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Reads a raw yuv420p file into frames.
    static func readFrames(_ url: URL, width: Int, height: Int) throws -> [PlanarFrame] {
        let data = [UInt8](try Data(contentsOf: url))
        let ySize = width * height, cSize = ((width + 1) / 2) * ((height + 1) / 2)
        let frameSize = ySize + 2 * cSize
        return stride(from: 0, to: data.count - frameSize + 1, by: frameSize).map { o in
            PlanarFrame(width: width, height: height, y: Array(data[o..<o + ySize]),
                        u: Array(data[o + ySize..<o + ySize + cSize]),
                        v: Array(data[o + ySize + cSize..<o + frameSize]))
        }
    }

    /// Writes frames as raw yuv420p.
    static func writeFrames(_ frames: [PlanarFrame], to url: URL) throws {
        var data = Data()
        for f in frames { data.append(contentsOf: f.y); data.append(contentsOf: f.u); data.append(contentsOf: f.v) }
        try data.write(to: url)
    }

    /// PSNR over all samples of all three planes (ffmpeg's "average"), in dB; infinity when identical.
    static func psnr(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        var sum = 0.0, count = 0
        for (pa, pb) in [(a.y, b.y), (a.u, b.u), (a.v, b.v)] {
            for i in pa.indices { let d = Double(Int(pa[i]) - Int(pb[i])); sum += d * d }
            count += pa.count
        }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(count)))
    }

    /// PSNR of the luma planes alone, in dB.
    static func lumaPSNR(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        var sum = 0.0
        for i in a.y.indices { let d = Double(Int(a.y[i]) - Int(b.y[i])); sum += d * d }
        return sum == 0 ? .infinity : 10 * log10(255 * 255 / (sum / Double(a.y.count)))
    }

    /// A frame whose every plane is a function of the sample position.
    static func makeFrame(width: Int, height: Int, _ f: (_ plane: Int, _ x: Int, _ y: Int) -> UInt8) -> PlanarFrame {
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        func plane(_ p: Int, _ w: Int, _ h: Int) -> [UInt8] { (0..<w * h).map { f(p, $0 % w, $0 / w) } }
        return PlanarFrame(width: width, height: height, y: plane(0, width, height), u: plane(1, cw, ch),
                           v: plane(2, cw, ch))
    }
}
