import Foundation

/// Raw planar 16-bit little-endian video (`yuv444p16le`, FFmpeg's `-f rawvideo` stdout or file): split into frames
/// of three `width × height` planes, and joined back.
public enum RawPlanes16 {
    /// The frames in `data`, each as its Y, Cb and Cr planes; a trailing partial frame is an error.
    public static func frames(_ data: Data, width: Int, height: Int) throws -> [[[UInt16]]] {
        let planeBytes = width * height * 2, frameBytes = 3 * planeBytes
        guard frameBytes > 0, data.count % frameBytes == 0 else {
            throw TestFailure("raw yuv444p16le of \(data.count) bytes is not whole \(width)x\(height) frames")
        }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: frameBytes).map { frame in
            (0..<3).map { p in
                let start = frame + p * planeBytes
                return (0..<width * height).map { i in
                    UInt16(bytes[start + 2 * i]) | UInt16(bytes[start + 2 * i + 1]) << 8
                }
            }
        }
    }

    /// Frames of three planes each as raw `yuv444p16le` bytes.
    public static func data(_ frames: [[[UInt16]]]) -> Data {
        var out = Data()
        for planes in frames {
            for plane in planes {
                for s in plane { out.append(UInt8(s & 0xFF)); out.append(UInt8(s >> 8)) }
            }
        }
        return out
    }
}
