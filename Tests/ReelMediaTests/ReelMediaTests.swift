import Testing
@testable import ReelMedia

@Test func placeholderReelMedia() { #expect(Bool(true)) }
