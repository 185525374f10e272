import Foundation
import ReelRecords
import ReelRender

/// How `reel render` shows what reaching a loudness target took.
extension LoudnessReport {
    /// The `loudness` object of `--json`'s `done` event: levels in LUFS, LU and dBTP, rounded to 0.01; an integrated
    /// loudness is null for a programme with nothing above −70 LUFS.
    var jsonFields: [String: Any] {
        [
            "target_lufs": Self.rounded(target), "true_peak_ceiling_dbtp": Self.rounded(ceiling),
            "input_integrated_lufs": FarmJSON.nullable(inputIntegrated.map(Self.rounded)),
            "input_loudness_range_lu": Self.rounded(inputRange), "input_true_peak_dbtp": Self.finite(inputTruePeak),
            "gain_db": Self.rounded(gain), "limiter_acted": limiterActed,
            "limiter_reduction_db": Self.rounded(limiterReduction),
            "output_integrated_lufs": FarmJSON.nullable(outputIntegrated.map(Self.rounded)),
            "output_true_peak_dbtp": Self.finite(outputTruePeak),
        ]
    }

    /// One line: "loudness: input -12.31 LUFS, LRA 3.20 LU, true peak -0.52 dBTP; gain -10.69 dB, limiter off;
    /// output -23.00 LUFS, true peak -11.21 dBTP".
    var text: String {
        func lufs(_ v: Double?) -> String { v.map { String(format: "%.2f LUFS", $0) } ?? "silent" }
        let limiter = limiterActed ? String(format: "limiter on (up to %.2f dB)", limiterReduction) : "limiter off"
        return "loudness: input \(lufs(inputIntegrated)), " + String(format: "LRA %.2f LU, true peak %.2f dBTP; ", inputRange, inputTruePeak)
            + String(format: "gain %+.2f dB, ", gain) + limiter + "; output \(lufs(outputIntegrated)), "
            + String(format: "true peak %.2f dBTP", outputTruePeak)
    }

    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// A level, or null for digital silence (−∞ has no JSON number).
    static func finite(_ v: Double) -> Any { v.isFinite ? rounded(v) : NSNull() }
}
