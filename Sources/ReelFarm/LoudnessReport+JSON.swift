import Foundation
import ReelRecords
import ReelRender

/// What reaching a loudness target took, as `reel render` shows it and a worker stores it with the job.
extension LoudnessReport {
    /// The `loudness` object (`reel render --json`'s `done` event; the job's `loudness`, docs/json.md): levels in
    /// LUFS, LU and dBTP, rounded to 0.01; an integrated loudness is null for a programme with nothing above −70 LUFS.
    public var jsonFields: [String: Any] {
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
    public var text: String {
        func lufs(_ v: Double?) -> String { v.map { String(format: "%.2f LUFS", $0) } ?? "silent" }
        let limiter = limiterActed ? String(format: "limiter on (up to %.2f dB)", limiterReduction) : "limiter off"
        return "loudness: input \(lufs(inputIntegrated)), " + String(format: "LRA %.2f LU, true peak %.2f dBTP; ", inputRange, inputTruePeak)
            + String(format: "gain %+.2f dB, ", gain) + limiter + "; output \(lufs(outputIntegrated)), "
            + String(format: "true peak %.2f dBTP", outputTruePeak)
    }

    /// The object as JSON text, as the queue stores it (`Job.loudness`).
    public var jsonText: String { String(decoding: FarmJSON.data(jsonFields, pretty: false), as: UTF8.self) }

    /// The report a job stored (`jsonText`), for `reel status`; nil when the text is not such an object.
    public init?(jsonText: String) {
        guard let o = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [String: Any] else { return nil }
        func level(_ key: String) -> Double? { (o[key] as? NSNumber)?.doubleValue }
        guard let target = level("target_lufs"), let ceiling = level("true_peak_ceiling_dbtp"),
              let range = level("input_loudness_range_lu"), let gain = level("gain_db"),
              let acted = o["limiter_acted"] as? Bool, let reduction = level("limiter_reduction_db") else { return nil }
        self.init(target: target, ceiling: ceiling, inputIntegrated: level("input_integrated_lufs"), inputRange: range,
                  inputTruePeak: level("input_true_peak_dbtp") ?? -.infinity, gain: gain, limiterActed: acted,
                  limiterReduction: reduction, outputIntegrated: level("output_integrated_lufs"),
                  outputTruePeak: level("output_true_peak_dbtp") ?? -.infinity)
    }

    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// A level, or null for digital silence (−∞ has no JSON number).
    static func finite(_ v: Double) -> Any { v.isFinite ? rounded(v) : NSNull() }
}
