import Testing
@testable import ReelModel

@Suite struct JSONParserTests {
    @Test func parsesEveryKindKeepingOrderAndLiterals() throws {
        let v = try JSONParser.parse(#"{"z": [1, -0, 2.50, 1E+3, true, false, null], "a": {"s": "x\"y\\\u00e9\ud83c\udfac"}}"#)
        #expect(v.objectMembers?.map(\.key) == ["z", "a"])
        #expect(v["z"] == .array([.number("1"), .number("-0"), .number("2.50"), .number("1E+3"), .bool(true),
                                  .bool(false), .null]))
        #expect(v["a"]?["s"] == .string("x\"y\\é🎬"))
    }

    @Test func keepsDuplicateKeysForTheReader() throws {
        let v = try JSONParser.parse(#"{"a": 1, "a": 2}"#)
        #expect(v.objectMembers?.count == 2)
        #expect(v["a"] == .number("1"))
    }

    @Test func keepsHugeIntegersExactly() throws {
        let huge = "115792089237316195423570985008687907853269984665640564039457584007913129639935"  // 2^256 − 1
        let v = try JSONParser.parse("[\(huge), -\(huge)]")
        #expect(v.arrayValue == [.number(huge), .number("-" + huge)])
        #expect(v.arrayValue?[0].isIntegerLiteral == true)
        #expect(v.arrayValue?[0].int64Value == nil)
        #expect(try JSONParser.parse("9223372036854775807").int64Value == .max)
    }

    @Test(arguments: ["Inf", "-Inf", "Infinity", "-Infinity", "NaN"])
    func lenientAcceptsNonFiniteTokens(token: String) throws {
        let v = try JSONParser.parse(#"{"rate": \#(token), "n": [\#(token)]}"#, lenient: true)
        #expect(v["rate"] == .number(token))
        let d = try #require(v["rate"]?.doubleValue)
        #expect(token == "NaN" ? d.isNaN : d.isInfinite && (d < 0) == token.hasPrefix("-"))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(#"{"rate": \#(token)}"#) }
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 1, 9, "unexpected '}'; expected a key in double quotes"),
        ("{\n  \"a\": [1 2]\n}", 2, 11, "unexpected '2'; expected ',' or ']' after an array element"),
        (#"{"a" 1}"#, 1, 6, "unexpected '1'; expected ':' after the key"),
        ("[01]", 1, 3, "numbers must not have leading zeros"),
        ("[1.]", 1, 4, "expected a digit after the decimal point"),
        ("[\"é\" x]", 1, 6, "unexpected 'x'; expected ',' or ']' after an array element"),
        (#"["abc"#, 1, 2, "unterminated string"),
        (#"["\q"]"#, 1, 3, "invalid escape '\\q' in a string"),
        (#"["\ud800"]"#, 1, 9, "unpaired UTF-16 surrogate in a \\u escape"),
        ("[\"a\tb\"]", 1, 4, "control character (byte 0x9) inside a string; escape it"),
        ("tru", 1, 4, "unexpected end of input; expected 'true'"),
        ("[NaN]", 1, 2, "unexpected 'N'; expected a value"),
        ("{} {}", 1, 4, "unexpected '{' after the end of the document"),
        ("", 1, 1, "unexpected end of input; expected a value"),
    ])
    func syntaxErrorsCarryLineAndColumn(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) { try JSONParser.parse(text) }
    }

    @Test func refusesInvalidUTF8UnlessLenient() throws {
        let bytes: [UInt8] = [0x5B, 0x22, 0xFF, 0x22, 0x5D]
        #expect(throws: JSONSyntaxError(line: 1, column: 3, message: "invalid UTF-8 inside a string")) {
            try JSONParser.parse(bytes)
        }
        #expect(try JSONParser.parse(bytes, lenient: true) == .array([.string("\u{FFFD}")]))
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, column: 513, message: "nesting is deeper than 512 levels")) {
            try JSONParser.parse(deep)
        }
    }

    @Test func writerRoundTripsDocuments() throws {
        let text = #"{"b":[1,2.5,"x\n\"y",{"c":null,"d":true}],"a":-1e-3,"é":"\u0001"}"#
        let v = try JSONParser.parse(text)
        #expect(try JSONParser.parse(v.serialized()) == v)
        #expect(try JSONParser.parse(v.serialized(pretty: true)) == v)
        #expect(v.serialized() == #"{"b":[1,2.5,"x\n\"y",{"c":null,"d":true}],"a":-1e-3,"é":"\u0001"}"#)
    }
}
