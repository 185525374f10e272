import Testing
@testable import ReelRender

@Test func placeholderReelRender() { #expect(Bool(true)) }
