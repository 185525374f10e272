import Foundation
import ReelMedia

/// Raw yuv420p frames for the render tests: read and written as the ffmpeg CLI does, made from a function, and
/// compared by PSNR.
enum RawFrames {
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
