import Testing
@testable import ReelModel

/// Output layouts (`output.audio.channels`) and the standard channel matrix (`ChannelMatrix`).
@Suite struct AudioLayoutTests {
    @Test("layouts keep FFmpeg's channel order, 7.1's rear surrounds before its sides")
    func channelOrder() {
        #expect(AudioLayout.surround51.channels == [.L, .R, .C, .LFE, .Ls, .Rs])
        #expect(AudioLayout.surround71.channels == [.L, .R, .C, .LFE, .Lrs, .Rrs, .Lss, .Rss])
        #expect(AudioLayout(count: 6) == .surround51 && AudioLayout(count: 3) == nil)
        #expect(AudioLayout.surround71.channels.filter(\.isLFE) == [.LFE])
    }

    @Test("\"5.1\" and \"7.1\" are written back as names, 1 and 2 as numbers, and read again")
    func layoutRoundTrips() throws {
        var original = try CompositionJSONTests.load(Array(try FormatDocumentationTests.guideExample().utf8))
        #expect(String(decoding: try CompositionJSON.encode(original), as: UTF8.self).contains(#""channels": 2"#))
        for layout in [AudioLayout.surround51, .surround71] {
            original.output.audio.layout = layout
            let json = try CompositionJSON.encode(original)
            #expect(String(decoding: json, as: UTF8.self).contains(#""channels": "\#(layout.name)""#))
            #expect(try CompositionJSONTests.load(json).output.audio.layout == layout)
        }
    }

    @Test("names and numbers decode to the same layouts")
    func layoutNames() throws {
        for (value, layout) in [("1", AudioLayout.mono), ("2", .stereo), (#""mono""#, .mono), (#""stereo""#, .stereo),
                                (#""5.1""#, .surround51), (#""7.1""#, .surround71)] {
            let json = Fixtures.composition(#""videos": [\#(Fixtures.video("a", "0", "1"))], "output": {"audio": {"channels": \#(value)}}"#)
            #expect(try Fixtures.load(json).composition.output.audio.layout == layout)
        }
    }

    @Test("5.1 into stereo is ITU-R BS.775's Lo = L + k·C + k·Ls, Ro = R + k·C + k·Rs, LFE dropped; a route folds 5.1 to one channel through it")
    func downmixToStereo() throws {
        let m = try #require(ChannelMatrix.standard(sourceChannels: 6, to: .stereo))
        let k = ChannelMatrix.fold
        #expect(m.gains == [[1, 0, k, 0, k, 0], [0, 1, k, 0, 0, k]])
        #expect(AudioRoute.monoFold(6) == [0.5, 0.5, k, 0, k / 2, k / 2])
    }

    @Test("mono into 5.1 goes to C, stereo to L and R, 5.1 into 7.1 to the sides, 7.1 into 5.1 folds both surrounds")
    func upmixAndSurroundFolds() throws {
        let k = ChannelMatrix.fold
        #expect(ChannelMatrix.standard(sourceChannels: 1, to: .surround51)?.gains == [[0], [0], [1], [0], [0], [0]])
        #expect(ChannelMatrix.standard(sourceChannels: 2, to: .surround51)?.gains
                == [[1, 0], [0, 1], [0, 0], [0, 0], [0, 0], [0, 0]])
        let up = try #require(ChannelMatrix.standard(sourceChannels: 6, to: .surround71))
        #expect(up.gains[6] == [0, 0, 0, 0, 1, 0] && up.gains[4] == [0, 0, 0, 0, 0, 0])
        let down = try #require(ChannelMatrix.standard(sourceChannels: 8, to: .surround51))
        #expect(down.gains[4] == [0, 0, 0, 0, k, 0, k, 0] && down.gains[5] == [0, 0, 0, 0, 0, k, 0, k])
        #expect(ChannelMatrix.standard(sourceChannels: 6, to: .surround51)?.gains[3] == [0, 0, 0, 1, 0, 0])
    }

    @Test("a mono output, and mono, stereo and unnamed layouts into stereo, keep the decoder's conversion")
    func legacyConversionsStay() {
        for n in [1, 2, 3, 4] { #expect(ChannelMatrix.standard(sourceChannels: n, to: .stereo) == nil) }
        for n in [1, 2, 6, 8] { #expect(ChannelMatrix.standard(sourceChannels: n, to: .mono) == nil) }
    }
}

/// `route` on clips, voice-overs and music (`AudioRoute`).
@Suite struct AudioRouteTests {
    @Test("a route is written back as read, and a composition without one writes none")
    func routeRoundTrips() throws {
        var original = try CompositionJSONTests.load(Array(try FormatDocumentationTests.guideExample().utf8))
        #expect(!String(decoding: try CompositionJSON.encode(original), as: UTF8.self).contains("route"))
        original.output.audio.layout = .surround51
        original.audioItems[0].route = .channels([.C])
        original.audioItems[1].route = .map([AudioRoute.Entry(to: [.L, .Ls], gain: try Rational(1, 2)), AudioRoute.Entry(to: [.R])])
        let json = try CompositionJSON.encode(original)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""route": "C""#) && text.contains(#""gain": "0.5""#))
        let decoded = try CompositionJSONTests.load(json)
        #expect(decoded.audioItems.map(\.route) == original.audioItems.map(\.route))
    }

    @Test("a list as long as the source maps one to one; otherwise the source folds to mono into each listed channel")
    func channelListMatrices() throws {
        #expect(AudioRoute.channels([.Ls, .Rs]).matrix(sourceChannels: 2, to: .surround51).gains
                == [[0, 0], [0, 0], [0, 0], [0, 0], [1, 0], [0, 1]])
        #expect(AudioRoute.channels([.C]).matrix(sourceChannels: 2, to: .surround51).gains[2] == [0.5, 0.5])
        #expect(AudioRoute.channels([.L, .R, .C]).matrix(sourceChannels: 1, to: .surround51).gains.prefix(3) == [[1], [1], [1]])
        let map = AudioRoute.map([AudioRoute.Entry(to: [.C], gain: try Rational(2, 1))]).matrix(sourceChannels: 1, to: .surround51)
        #expect(map.gains[2] == [2] && map.gains[0] == [0])
    }
}
