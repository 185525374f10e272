import Foundation
import ReelRecords
import ReelTestSupport
import Testing

/// The compact writer behind the API and the event stream says what Foundation's JSONSerialization says.
@Suite struct JSONWriterTests {
    static var tree: [String: Any] { [
        "name": "<img src=x onerror=alert(1)> \"quoted\" \\ back\nline\ttab\u{0}nul\u{7F}del\u{2028}ls 🎬 é/",
        "int": 42, "int64": Int64.max, "negative": Int64.min, "double": 0.1, "tiny": 1e-7, "huge": 1e300,
        "integral": 3.0, "nan": Double.nan, "inf": -Double.infinity, "yes": true, "no": false, "null": NSNull(),
        "none": FarmJSON.nullable(Optional<Int>.none), "some": FarmJSON.nullable(Optional(7.5)),
        "list": [1, "two", 3.5, NSNull(), ["nested": [Int64(9)]]] as [Any],
        "rows": [["b": 2, "a": 1], ["c": "x"]] as [[String: Any]], "empty": [String: Any](), "nothing": [Any](),
    ] }

    @Test("compact output parses to the same values as JSONSerialization's, keys sorted, '/' unescaped")
    func sameValues() throws {
        let compact = FarmJSON.data(Self.tree, pretty: false)
        let pretty = FarmJSON.data(Self.tree, pretty: true)
        let a = try JSONSerialization.jsonObject(with: compact) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: pretty) as? NSDictionary
        #expect(a != nil && a == b, "\(String(decoding: compact, as: UTF8.self))")
        let text = String(decoding: compact, as: UTF8.self)
        #expect(text.hasPrefix("{\"double\":0.1,\"empty\":{},\"huge\":1e+300,") || text.hasPrefix("{\"double\":0.1,\"empty\":{},\"huge\":1e300,"),
                "\(text.prefix(80))")
        #expect(text.contains("é/") && !text.contains("\\/") && !text.contains("\n"))
        #expect(text.contains("\"nan\":null") && text.contains("\"inf\":null") && text.contains("\"integral\":3,"))
    }

    @Test func serializerKeepsSlashesWritesNullsAndSecondTimes() throws {
        let boxed: Int? = nil
        let text = FarmJSON.string(["path": "/a/b", "none": FarmJSON.nullable(nil as Int?), "boxed": boxed as Any,
                                        "nan": Double.nan], pretty: false)
        #expect(text == #"{"boxed":null,"nan":null,"none":null,"path":"/a/b"}"#)
        let time = FarmJSON.time(Date(timeIntervalSince1970: 1_764_558_466.5))
        #expect(time == "2025-12-01T03:07:46Z", "\(time)")
        #expect(try TestJSON.badKeys(#"{"ok_key": [{"fineKey": 1}], "Bad": {"x1": 2}}"#).sorted() == ["$.Bad", "$.ok_key[0].fineKey"])
    }
}
