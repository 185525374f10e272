internal import CFFmpeg

/// Errors raised by ReelMedia. Each names the file and, for FFmpeg failures, the call and FFmpeg's message.
public enum MediaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An FFmpeg call failed: `function` is the C function, `code` its return value.
    case ffmpeg(function: String, code: Int32, message: String, path: String?)
    case fileNotFound(path: String)
    case noVideoStream(path: String)
    case noAudioStream(path: String)
    case unsupportedCodec(path: String, codec: String)
    case invalidData(path: String, message: String)
    case io(path: String, message: String)
    /// The file opened lies outside every root it had to lie in: `resolved` is where it really is.
    case outsideRoots(path: String, resolved: String, roots: [String])
    /// The file opened is not the one checked earlier (a link re-pointed, a file replaced or edited since).
    case changed(path: String, message: String)

    /// `AVERROR_INVALIDDATA`: FFmpeg found the data itself broken (not an I/O fault).
    public static let invalidDataCode: Int32 = reel_averror_invaliddata()

    public var description: String {
        switch self {
        case let .ffmpeg(function, code, message, path):
            return "\(path.map { "\($0): " } ?? "")\(function) failed (\(code)): \(message)"
        case .fileNotFound(let path): return "\(path): no such file"
        case .noVideoStream(let path): return "\(path): has no video stream"
        case .noAudioStream(let path): return "\(path): has no audio stream"
        case let .unsupportedCodec(path, codec): return "\(path): unsupported codec \(codec)"
        case let .invalidData(path, message): return "\(path): \(message)"
        case let .io(path, message): return "\(path): \(message)"
        case .outsideRoots(let path, _, _), .changed(let path, _): return "\(path): \(reason)"
        }
    }

    /// The message without the file's path, for callers that name the file themselves.
    public var reason: String {
        switch self {
        case let .ffmpeg(function, code, message, _): return "\(function) failed (\(code)): \(message)"
        case .fileNotFound: return "no such file"
        case .noVideoStream: return "has no video stream"
        case .noAudioStream: return "has no audio stream"
        case let .unsupportedCodec(_, codec): return "unsupported codec \(codec)"
        case let .invalidData(_, message), let .io(_, message), let .changed(_, message): return message
        case let .outsideRoots(path, resolved, roots):
            return (resolved == path ? "lies" : "is \(resolved), which lies") + " outside the roots "
                + "(\(roots.joined(separator: ", ")))"
        }
    }
}
