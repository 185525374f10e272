import Testing
@testable import ReelModel

@Suite struct JSONTimeFormTests {
    @Test(arguments: [
        (#""1001/30000""#, Int64(1001), Int32(30000)),
        (#""-1001/30000""#, -1001, 30000),
        (#""2/4""#, 2, 4),                               // kept as written
        (#"{"value": 3, "timescale": 2}"#, 3, 2),
        (#"{"timescale": 48000, "value": -1}"#, -1, 48000),
        (#""2.5""#, 5, 2),
        (#""0.1""#, 1, 10),
        (#""-1.25""#, -5, 4),
        (#""2.50""#, 5, 2),
        (#""7""#, 7, 1),
        (#""0.000000001""#, 1, 1_000_000_000),
        ("3", 3, 1),
        ("-2", -2, 1),
        ("0", 0, 1),
        (#""1/2147483647""#, 1, Int32.max),
    ])
    func acceptedTimeForms(json: String, value: Int64, timescale: Int32) throws {
        let t = try JSONExact.time(JSONParser.parse(json), path: "t")
        #expect(t.value == value)
        #expect(t.timescale == timescale)
    }

    @Test(arguments: [
        ("2.5", #"2.5 is a binary floating-point number in JSON; write it exactly as the string "2.5" or "5/2""#),
        ("0.1", #"0.1 is a binary floating-point number in JSON; write it exactly as the string "0.1" or "1/10""#),
        ("-1.25", #"-1.25 is a binary floating-point number in JSON; write it exactly as the string "-1.25" or "-5/4""#),
        ("1e3", "1e3 is a binary floating-point number in JSON; write it as the integer 1000"),
        ("2.0", "2.0 is a binary floating-point number in JSON; write it as the integer 2"),
        ("1e-30", #"1e-30 is a binary floating-point number in JSON; write it as a string such as "2.5" or a fraction such as "5/2""#),
        ("99999999999999999999", "99999999999999999999 does not fit in 64 bits"),
        (#""1/0""#, #"the denominator of "1/0" must be positive"#),
        (#""1/3000000000""#, #"timescale 3000000000 in "1/3000000000" does not fit in 32 bits (at most 2147483647)"#),
        (#""99999999999999999999/1""#, #"99999999999999999999 in "99999999999999999999/1" does not fit in 64 bits"#),
        (#""0.0000000001""#, #""0.0000000001" needs a timescale of 10000000000, which does not fit in 32 bits; round it or write a fraction"#),
        (#""1 / 2""#, #""1 / 2" is not a fraction; write it as "1001/30000" (integers, no spaces)"#),
        (#""1/-2""#, #""1/-2" is not a fraction; write it as "1001/30000" (integers, no spaces)"#),
        (#"".5""#, #"".5" is not an exact number; write a decimal such as "2.5" or a fraction such as "5/2""#),
        (#""2.5s""#, #""2.5s" is not an exact number; write a decimal such as "2.5" or a fraction such as "5/2""#),
        (#""1e3""#, #""1e3" is not an exact number; write a decimal such as "2.5" or a fraction such as "5/2""#),
        (#"{"value": 1, "timescale": 0}"#, #""timescale" must be positive, got 0"#),
        (#"{"value": 1, "timescale": 4294967296}"#, "timescale 4294967296 does not fit in 32 bits (at most 2147483647)"),
        (#"{"value": 1.5, "timescale": 2}"#, #"1.5 is a binary floating-point number in JSON; write it exactly as the string "1.5" or "3/2""#),
        (#"{"value": "1", "timescale": 2}"#, #""value" must be an integer, got the string "1""#),
        (#"{"value": 1}"#, #"a time object has exactly the keys "value" and "timescale", got "value""#),
        ("true", #"expected a time such as "2.5", "1001/30000" or {"value": 1001, "timescale": 30000}, got true"#),
        ("[1]", #"expected a time such as "2.5", "1001/30000" or {"value": 1001, "timescale": 30000}, got an array"#),
    ])
    func refusedTimeForms(json: String, message: String) throws {
        let value = try JSONParser.parse(json)
        #expect(throws: ModelError.invalidTime(path: "videos[0].sourceRange.start", message: message)) {
            try JSONExact.time(value, path: "videos[0].sourceRange.start")
        }
    }

    @Test func lenientTokensAreRefusedAsTimes() throws {
        let value = try JSONParser.parse("-Infinity", lenient: true)
        #expect(throws: ModelError.invalidTime(path: "t", message: "-Infinity is not a finite number")) {
            try JSONExact.time(value, path: "t")
        }
    }

    @Test(arguments: [
        ("2", Int64(2), Int64(1)), (#""1/2""#, 1, 2), (#""2/4""#, 1, 2), (#""0.75""#, 3, 4), (#""-3""#, -3, 1),
    ])
    func acceptedRationals(json: String, numerator: Int64, denominator: Int64) throws {
        #expect(try JSONExact.rational(JSONParser.parse(json), path: "speed") == Rational(numerator, denominator))
    }

    @Test func refusedRationals() throws {
        #expect(throws: ModelError.invalidTime(path: "speed", message: #""fast" is not an exact number; write a decimal such as "2.5" or a fraction such as "5/2""#)) {
            try JSONExact.rational(JSONParser.parse(#""fast""#), path: "speed")
        }
        #expect(throws: ModelError.self) { try JSONExact.rational(JSONParser.parse("0.5"), path: "speed") }
        #expect(throws: ModelError.self) { try JSONExact.rational(JSONParser.parse(#""1/0""#), path: "speed") }
    }
}
