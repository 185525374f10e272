import Foundation
import Testing
@testable import ReelServe

/// What a webhook may reach (`AddressRange`, `WebhookTarget`) and how it is signed (`WebhookSignature`), without
/// a network: numeric hosts resolve to themselves.
@Suite struct WebhookTargetTests {
    @Test("addresses of this machine, its neighbours and the cloud's metadata are refused, each with its reason",
          arguments: [
              ("127.0.0.1", "loopback"), ("127.255.0.9", "loopback"), ("::1", "loopback"),
              ("0.0.0.0", "unspecified"), ("::", "unspecified"), ("169.254.169.254", "a cloud metadata address"),
              ("fd00:ec2::254", "a cloud metadata address"), ("169.254.10.1", "link-local"), ("fe80::1", "link-local"),
              ("10.0.0.1", "private"), ("172.16.0.1", "private"), ("172.31.255.255", "private"),
              ("192.168.1.1", "private"), ("fc00::1", "private"), ("fd12:3456::1", "private"),
              ("100.64.0.1", "CGNAT"), ("100.127.255.254", "CGNAT"), ("224.0.0.251", "multicast"), ("ff02::1", "multicast"),
              ("255.255.255.255", "broadcast"), ("::ffff:127.0.0.1", "loopback"), ("::ffff:169.254.169.254", "metadata"),
              ("64:ff9b::10.0.0.1", "private"),
          ])
    func refused(address: String, why: String) throws {
        let bytes = try #require(AddressRange.bytes(of: address))
        #expect(AddressRange.refusal(of: bytes)?.contains(why) == true, "\(address): \(AddressRange.refusal(of: bytes) ?? "allowed")")
        let url = address.contains(":") ? "http://[\(address)]:8080/x" : "http://\(address):8080/x"
        guard case .failure(.permanent(let message)) = WebhookTarget.resolve(url, allow: []) else {
            Issue.record("\(address) was not refused for good")
            return
        }
        #expect(message.contains(why) && message.contains("unless the operator allows"), "\(message)")
    }

    @Test("public addresses and the ranges next to refused ones are allowed",
          arguments: ["8.8.8.8", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "169.253.255.255",
                      "2606:4700::1111", "64:ff9b::8.8.8.8"])
    func allowed(address: String) throws {
        #expect(AddressRange.refusal(of: try #require(AddressRange.bytes(of: address))) == nil, "\(address)")
    }

    @Test("--webhook-allow lets a refused network through, and no other")
    func allowList() throws {
        let allow = [try AddressRange(parsing: "10.1.2.0/24"), try AddressRange(parsing: "::1")]
        guard case .success(let target) = WebhookTarget.resolve("https://10.1.2.3:8443/hook", allow: allow) else {
            Issue.record("10.1.2.3 was refused although 10.1.2.0/24 is allowed")
            return
        }
        #expect(target.address == "10.1.2.3" && target.port == 8443 && target.host == "10.1.2.3")
        guard case .success(let v6) = WebhookTarget.resolve("http://[::1]/hook", allow: allow) else {
            Issue.record("::1 was refused although allowed")
            return
        }
        #expect(v6.address == "::1" && v6.port == 80)
        guard case .failure(.permanent) = WebhookTarget.resolve("http://10.1.3.1/hook", allow: allow) else {
            Issue.record("10.1.3.1 lies outside 10.1.2.0/24 but was let through")
            return
        }
    }

    @Test("URLs that are not http(s), hold credentials or have no host are refused for good",
          arguments: [("ftp://8.8.8.8/x", "http:// or https://"), ("file:///etc/passwd", "http:// or https://"),
                      ("gopher://8.8.8.8:70/", "http:// or https://"), ("http://user:pw@8.8.8.8/", "credentials"),
                      ("http:///x", "no host"), ("not a url", "http:// or https://"),
                      ("HTTPS://8.8.8.8/x", "in lowercase"), ("Http://8.8.8.8/x", "in lowercase"),
                      ("https://8.8.8.8/" + String(repeating: "a", count: 2048), "longer than 2048 bytes")])
    func badURLs(url: String, why: String) {
        guard case .failure(.permanent(let message)) = WebhookTarget.resolve(url, allow: []) else {
            Issue.record("\(url) was not refused for good")
            return
        }
        #expect(message.contains(why), "\(url): \(message)")
    }

    @Test("a CIDR with a bad prefix or address is refused, naming it", arguments: ["10.0.0.0/33", "::/129", "10.0.0/8", "x", "10.0.0.0/"])
    func badRanges(text: String) {
        #expect(throws: ServeError.self) { try AddressRange(parsing: text) }
    }

    @Test("HMAC-SHA256 matches RFC 4231 test case 2, and the header signs \"<t>.<body>\"")
    func signature() throws {
        let mac = try #require(WebhookSignature.hmac(Data("what do ya want for nothing?".utf8), secret: Array("Jefe".utf8)))
        #expect(mac.map { String(format: "%02x", $0) }.joined() == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let header = try #require(WebhookSignature.header(body: Data("{}".utf8), secret: Array("Jefe".utf8),
                                                          time: Date(timeIntervalSince1970: 1_700_000_000.7)))
        let expected = try #require(WebhookSignature.hmac(Data("1700000000.{}".utf8), secret: Array("Jefe".utf8)))
        #expect(header == "t=1700000000,v1=" + expected.map { String(format: "%02x", $0) }.joined(), "\(header)")
    }
}
