import ReelMedia

/// Errors raised by ReelRender. Each names the segment, part or file concerned.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// A seam check failed: the stitcher refuses to publish. `segment` is the segment index.
    case seam(segment: Int, message: String)
    /// Rendering a segment failed. `permanent`: trying again cannot help (a missing or undecodable
    /// source, an unsupported codec, a title too large); otherwise the fault may be transient (I/O).
    case segment(index: Int, message: String, permanent: Bool)
    /// A part file is missing or unreadable.
    case part(path: String, message: String)
    /// Media could not be read or written.
    case media(MediaError)
    /// The render was canceled; nothing was published.
    case canceled
    /// Anything else, with a sentence.
    case other(String)

    public var description: String {
        switch self {
        case let .seam(segment, message): return "segment \(segment): \(message); the output was not published"
        case let .segment(index, message, _): return "segment \(index): \(message)"
        case let .part(path, message): return "part \(path): \(message)"
        case .media(let error): return error.description
        case .canceled: return "canceled; nothing was published"
        case .other(let message): return message
        }
    }

    /// Whether `error` will happen again on any host at any time: the input itself is at fault.
    /// I/O failures (`MediaError.io`, FFmpeg's EIO, EAGAIN, ENOMEM, ENOSPC…) stay transient.
    public static func isPermanent(_ error: any Error) -> Bool {
        switch error {
        case let e as RenderError:
            switch e {
            case .segment(_, _, let permanent): return permanent
            case .media(let media): return isPermanent(media)
            case .seam, .part, .canceled, .other: return false
            }
        case let e as MediaError:
            switch e {
            case .fileNotFound, .noVideoStream, .noAudioStream, .unsupportedCodec, .invalidData, .outsideRoots, .changed:
                return true
            case .io: return false
            case let .ffmpeg(_, code, _, _): return code == MediaError.invalidDataCode
            }
        case let e as TitleError:
            if case .freetype = e { return false }
            return true
        default:
            return false
        }
    }
}
