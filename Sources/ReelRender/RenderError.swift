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
    /// There is nothing to stitch: the plan has no segments.
    case emptyPlan
    /// The stitcher finished without having written a file (no part was appended).
    case nothingWritten
    /// The plan names an asset the composition does not have.
    case unknownAsset(String)
    /// A layer's keyframes cannot be evaluated at a frame; `origin` names the layer.
    case layerKeys(origin: String, message: String)
    /// A single picture (a thumbnail or a poster) could not be made of timeline frame `frame`.
    case picture(frame: Int64, message: String)

    public var description: String {
        switch self {
        case let .seam(segment, message): return "segment \(segment): \(message); the output was not published"
        case let .segment(index, message, _): return "segment \(index): \(message)"
        case let .part(path, message): return "part \(path): \(message)"
        case .media(let error): return error.description
        case .canceled: return "canceled; nothing was published"
        case .emptyPlan: return "nothing to stitch: the plan has no segments"
        case .nothingWritten: return "nothing to stitch: no file was written"
        case .unknownAsset(let asset): return "asset \"\(asset)\" is not in the composition"
        case let .layerKeys(origin, message): return "the layer keys of \(origin) cannot be evaluated: \(message)"
        case let .picture(frame, message): return "frame \(frame): \(message)"
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
            case .seam, .part, .canceled, .emptyPlan, .nothingWritten, .unknownAsset, .layerKeys, .picture: return false
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
